"""The command line: ``gamewidgets <game> <command> [options]`` (or ``python -m gamewidgets``).

Headless play, self-play and measurements, without Jupyter.

    gamewidgets line98 play --player random --seed 3 --json game.json
    gamewidgets mahjong solve --seed 3 --json solution.json
    gamewidgets loa match --size 8 --first hard --second insane --games 4 --json games.json
    gamewidgets domino match --first hard --second medium --hands 20 --seed 1 --json hands.json
    gamewidgets domino serve --host 127.0.0.1 --port 8765 --db rooms.db
    gamewidgets loa puzzles --count 20 --seed 1 --kind win-in-2 --json puzzles.json

``<game> puzzles`` writes ``{"format": "gamewidgets.puzzles", "version": 1, "game",
"seed", "kind", "puzzles": [...]}``, each puzzle in ``Puzzle.to_dict()``'s form
(:mod:`gamewidgets.puzzles`).

The games the commands write (``line98 play``, ``mahjong solve``, ``loa match``,
``domino match``) are records of version 2 (:mod:`gamewidgets.record`): one record a
game, and ``{"format": "gamewidgets.match", "version": 2, "game", "players", "seed",
"records": [...]}`` for a match (``loa match`` adds ``size``). Each game's
``Game.from_record`` replays them, and the files of version 1 too (the guide to
records, docs/guides/matches.md, lists both versions).

The match commands (``line98 experiment``, ``loa match``, ``domino match``) share their
games among ``--workers`` local processes, or send them to a Dask cluster with
``--scheduler tcp://host:8786`` (the optional extra ``distributed``): the same games,
the same output.

Input files (``mahjong pairs --grid``, ``domino decide --record``) are read by one
function, :func:`read_json`, through :func:`gamewidgets.untrusted.loads`: a file that
is not JSON, nests deeper than 64, holds NaN/Infinity, a number too large to be finite
or an integer beyond 2¹²⁸ − 1, or is not what the command needs (a grid larger than
the Mahjong board, a record of another game, a hand the record does not have) is
refused with one line on stderr that names the file and says why, and exit status 2
— never a traceback. A file that cannot be read at all is exit status 1 (like an
unwritable ``--json``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .extras import MissingExtra
from .match import ProgressBar  # the text bar (it lived here; still importable from here)

if TYPE_CHECKING:
    from .domino.ai import Player as DominoPlayer
    from .loa.ai import Player as LoaPlayer

    #: the subcommands of a parser (``add_subparsers()``)
    Subcommands = argparse._SubParsersAction[argparse.ArgumentParser]


def _line98_play(args: argparse.Namespace) -> int:
    from .line98.players import PLAYERS
    from .playing import play

    player = PLAYERS[args.player](seed=args.seed)
    out = play("line98", {"seed": args.seed, "states": True}, [player], [args.player], max_moves=args.max_moves)
    game = out.game
    _write_json(args.json, out.record)
    capped = f" (stopped at --max-moves {args.max_moves}, still alive)" if out.capped else ""
    print(f"line98 seed {args.seed}, player {args.player}: score {game.score} in {len(game.moves)} moves{capped}")
    return 0


def _add_workers(parser: argparse.ArgumentParser, default: int | None, unit: str) -> None:
    """``--workers N`` or ``--scheduler ADDRESS`` (read by :func:`_executor`)."""
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_positive, default=default,
                       help=f"processes sharing the {unit} (default {default or 'the number of cores'})")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help=f"play the {unit} on the Dask cluster whose scheduler is at ADDRESS "
                            "(tcp://host:8786; needs gamewidgets[distributed] here and on its workers)")


def _executor(args: argparse.Namespace) -> AbstractContextManager[tuple[Executor | None, int | None]]:
    """``(executor, workers)`` for match(): a Dask cluster's with ``--scheduler``."""
    if args.scheduler is None:
        return nullcontext((None, args.workers))
    from .match import dask_executor

    return dask_executor(args.scheduler)


def _line98_experiment(args: argparse.Namespace) -> int:
    from .line98 import experiment
    from .match import MatchError

    bar = ProgressBar("games") if not args.quiet else None
    # --players a,b c: a list of lists of names (each NAME may hold several, comma-separated)
    players = [name for names in args.players for name in names] if args.players else experiment.DEFAULT_PLAYERS
    try:
        with _executor(args) as (executor, workers):
            result = experiment.run(args.games, args.seed, players, workers=workers, progress=bar,
                                    executor=executor, max_moves=args.max_moves)
    except MatchError as exc:  # an unreachable scheduler
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 2
    finally:
        if bar:
            bar.close()
    print(f"line98 experiment: {args.games} games per player from seed {args.seed}, "
          f"{result.workers} worker(s), {result.seconds:.1f} s")
    print(result.table())
    _write_json(args.json, result.to_dict())
    return 0


def _player_names(players: dict[str, Any]) -> Callable[[str], list[str]]:
    """An argparse type: one or more names of ``players``, separated by commas."""

    def parse(text: str) -> list[str]:
        names = [name.strip() for name in text.split(",") if name.strip()]
        unknown = [name for name in names if name not in players]
        if unknown or not names:
            raise argparse.ArgumentTypeError(
                f"unknown player {(unknown or [text])[0][:60]!r}; known: {', '.join(players)}")
        return names

    return parse


def _add_line98(games: Subcommands) -> None:
    from .line98.players import PLAYERS

    line98 = games.add_parser("line98", help="Line 98 (Color Lines)")
    commands = line98.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_puzzles(commands, "line98")
    play = commands.add_parser("play", help="let a computer player play one game to the end")
    play.add_argument("--player", choices=sorted(PLAYERS), default="random")
    play.add_argument("--seed", type=_seed, default=0, help="game seed (default 0)")
    play.add_argument("--json", metavar="PATH", help="write the game record (states and moves) here")
    play.add_argument("--max-moves", type=_positive, metavar="N",
                      help="stop the game after N moves (the record says capped)")
    play.set_defaults(run=_line98_play)
    exp = commands.add_parser(
        "experiment", help="players (default the rule book's four) play the same games; mean/median score, mean moves"
    )
    exp.add_argument("--players", nargs="+", type=_player_names(PLAYERS), metavar="NAME",
                     help=f"the players, space- or comma-separated, of {', '.join(PLAYERS)} "
                          "(default: random, clear-first, build, greedy-long)")
    exp.add_argument("--games", type=_positive, default=300, help="games per player (default 300)")
    exp.add_argument("--max-moves", type=_positive, metavar="N",
                     help="stop each game after N moves: the figures count it as it stands, the table and "
                          "the JSON say how many games were capped")
    exp.add_argument("--seed", type=_seed, default=0, help="experiment seed (default 0)")
    _add_workers(exp, None, "games")
    exp.add_argument("--json", metavar="PATH", help="write per-player figures and per-game scores here")
    exp.add_argument("--quiet", action="store_true", help="no progress bar")
    exp.set_defaults(run=_line98_experiment)


def _mahjong_deal(args: argparse.Namespace) -> int:
    from .mahjong import Game
    from .mahjong.tiles import code

    game = Game(args.seed)
    grid = [[code(int(t)) for t in row] for row in game.grid]
    _write_json(args.json,
                {"game": "mahjong", "seed": args.seed, "rows": len(grid), "cols": len(grid[0]), "grid": grid})
    print(f"mahjong deal {args.seed}: {game.tiles_left} tiles, {len(game.legal_moves())} pairs removable at the start")
    return 0


def _mahjong_solve(args: argparse.Namespace) -> int:
    from .mahjong import Game, solve
    from .playing import entry
    from .record import new_record

    game = Game(args.seed, scoring="standard")
    pairs = solve(game.grid, max_nodes=args.max_nodes)
    if pairs is None:
        print(f"mahjong deal {args.seed}: no sequence clears it", file=sys.stderr)
        return 1
    for a, b in pairs:
        game.play((a, b))
    _write_json(args.json, new_record(entry("mahjong"), game, {"seed": args.seed, "scoring": "standard"},
                                      ["solver"]))
    print(f"mahjong deal {args.seed}: cleared in {len(pairs)} pairs")
    return 0


def _mahjong_pairs(args: argparse.Namespace) -> int:
    from .errors import BadSave
    from .mahjong import find_path, removable_pairs
    from .mahjong.deal import check_layout_size
    from .mahjong.tiles import grid_from_codes

    try:
        data = read_json(args.grid)
        rows = data.get("grid") if isinstance(data, dict) else None
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise BadSave('expected {"grid": [[code or null, ...], ...]}, rows of tile codes')
        check_layout_size(len(rows), max((len(row) for row in rows), default=0))  # before any work
        grid = grid_from_codes(rows)
    except (BadSave, ValueError) as exc:  # BadSave: the file; ValueError: the grid
        print(f"gamewidgets: {args.grid} is not a grid of tile codes: {exc}", file=sys.stderr)
        return 2
    pairs = []
    for a, b in removable_pairs(grid):
        path = find_path(grid, a, b)
        assert path is not None  # a removable pair is connected
        pairs.append({"a": list(a), "b": list(b), "path": [list(p) for p in path]})
    _write_json(args.json, {"pairs": pairs})
    print(f"{len(pairs)} pairs can be removed")
    return 0


def _write_json(path: str | None, data: dict[str, Any]) -> None:
    if path:
        Path(path).write_text(json.dumps(data))


def read_json(path: str) -> Any:
    """The JSON in the file ``path``, checked by :func:`gamewidgets.untrusted.loads`:
    :class:`~gamewidgets.errors.BadSave` saying why it is refused (OSError if the
    file cannot be read)."""
    from .untrusted import loads

    return loads(Path(path).read_bytes(), "the file")


def _puzzles(args: argparse.Namespace) -> int:
    from .puzzles import FORMAT, generate

    found = generate(args.game, count=args.count, seed=args.seed, kind=args.kind)
    _write_json(args.json, {"format": "gamewidgets.puzzles", "version": FORMAT, "game": args.game,
                            "seed": args.seed, "kind": args.kind, "puzzles": [p.to_dict() for p in found]})
    kinds = sorted({p.kind for p in found})
    ratings = [p.rating for p in found]
    spread = f", ratings {min(ratings)}-{max(ratings)}" if ratings else ""
    print(f"{args.game} puzzles from seed {args.seed}: {len(found)} ({', '.join(kinds) or 'none'}){spread}")
    return 0


def _add_puzzles(commands: Subcommands, game: str) -> None:
    """``gamewidgets <game> puzzles``: puzzles found and proved by :func:`gamewidgets.puzzles.generate`."""
    from .puzzles import KIND_NAMES

    names = list(KIND_NAMES[game])
    puzzles = commands.add_parser("puzzles", help=f"puzzles ({', '.join(names)}) found in seeded self-play, "
                                                  "each answer proved")
    puzzles.add_argument("--count", type=_positive, default=10, help="how many (default 10)")
    puzzles.add_argument("--seed", type=_seed, default=0, help="self-play seed (default 0)")
    puzzles.add_argument("--kind", choices=names, help="only this kind (default: every kind in turn)")
    puzzles.add_argument("--json", metavar="PATH", help="write them here (each in Puzzle.to_dict()'s form)")
    puzzles.set_defaults(run=_puzzles)


def _add_mahjong(games: Subcommands) -> None:
    mahjong = games.add_parser("mahjong", help="Mahjong Connect (Shisen-Sho style)")
    commands = mahjong.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_puzzles(commands, "mahjong")
    deal = commands.add_parser("deal", help="the deal of a seed (always solvable)")
    deal.add_argument("--seed", type=_seed, default=0)
    deal.add_argument("--json", metavar="PATH", help="write {game, seed, rows, cols, grid} here")
    deal.set_defaults(run=_mahjong_deal)
    solve = commands.add_parser("solve", help="a sequence of pairs that clears the deal of a seed")
    solve.add_argument("--seed", type=_seed, default=0)
    solve.add_argument("--max-nodes", type=_positive, default=200_000, help="give up after this many positions")
    solve.add_argument("--json", metavar="PATH", help="write {seed, pairs} here")
    solve.set_defaults(run=_mahjong_solve)
    pairs = commands.add_parser("pairs", help="every pair that can be removed from a grid, with a path")
    pairs.add_argument("--grid", metavar="PATH", required=True, help='a JSON file with "grid": rows of codes/null')
    pairs.add_argument("--json", metavar="OUT", help="write {pairs: [{a, b, path}]} here")
    pairs.set_defaults(run=_mahjong_pairs)


def _loa_perft(args: argparse.Namespace) -> int:
    from .loa import Game, perft

    counts = perft(Game(args.size), args.depth)
    for depth, count in enumerate(counts, start=1):
        print(f"loa {args.size}x{args.size} perft {depth}: {count}")
    _write_json(args.json, {"size": args.size, "perft": counts})
    return 0


def _loa_options(args: argparse.Namespace) -> dict[str, Any]:
    """The players' options of the command line's budgets: ``--time`` replaces the
    level's seconds per move (0: no limit); ``--max-depth`` / ``--max-nodes`` cap the
    search and, without ``--time``, switch the clock off (reproducible runs)."""
    options: dict[str, Any] = {"max_depth": args.max_depth, "max_nodes": args.max_nodes}
    if args.time is not None:
        options["time_limit"] = args.time or None
    elif args.max_depth is not None or args.max_nodes is not None:
        options["time_limit"] = None
    return options


def _loa_player(level: str, seed: int, args: argparse.Namespace) -> LoaPlayer:
    """A player of ``level`` with the budgets of the command line (:func:`_loa_options`)."""
    from .loa import PLAYERS

    try:
        return PLAYERS[level](seed=seed, **_loa_options(args))
    except ValueError as exc:
        raise _LoaOptions(f"gamewidgets: {exc}") from None


class _LoaOptions(Exception):
    """Budgets that do not go together (said on stderr, exit status 2)."""


def _loa_match(args: argparse.Namespace) -> int:
    from .match import MatchError, match

    bar = ProgressBar("games") if not args.quiet else None
    try:
        with _executor(args) as (executor, workers):
            result = match("loa", [args.first, args.second], games=args.games, seed=args.seed, workers=workers,
                           executor=executor, progress=bar or False, size=args.size, opening_plies=args.opening,
                           swap=False, **_loa_options(args))
    except MatchError as exc:  # budgets that do not go together
        print(f"gamewidgets: {exc.__cause__ or exc}", file=sys.stderr)
        return 2
    finally:
        if bar:
            bar.close()
    first, second = result.to_rows()
    print(f"loa {args.size}x{args.size}, {args.games} games: {args.first} (first) won {first['wins']}, "
          f"{args.second} (second) won {second['wins']}, draws {first['draws']}")
    _write_json(args.json, _match_file(result, size=args.size))
    return 0


def _loa_analyse(args: argparse.Namespace) -> int:
    import re

    from .errors import IllegalMove
    from .loa import Game

    game = Game(args.size)
    for number, text in enumerate(re.split(r"[\s,]+", args.moves.strip()) if args.moves.strip() else [], 1):
        try:
            game.play(text)
        except IllegalMove as exc:  # GameOver included
            print(f"gamewidgets: move {number} ({text}) cannot be played: {exc}", file=sys.stderr)
            return 2
    print(game)
    outcome = game.outcome()
    if outcome is not None:
        print(f"gamewidgets: the game is over ({outcome}): nothing to analyse", file=sys.stderr)
        return 1
    try:
        player = _loa_player(args.level, args.seed, args)
    except _LoaOptions as exc:
        print(exc, file=sys.stderr)
        return 2
    analysis = player.analyse(game)
    print(analysis.__str__(args.top))  # the table of the top candidates (limit=)
    _write_json(args.json, {"size": args.size, "position": game.fen(), **analysis.to_dict()})
    return 0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds (0 or more), not {text!r}")
    return value


def _add_loa_budgets(command: argparse.ArgumentParser, seed_help: str) -> None:
    command.add_argument("--seed", type=_seed, default=0, help=f"seed of {seed_help} (default 0)")
    command.add_argument("--time", type=_seconds, default=None, metavar="SECONDS",
                         help="seconds per move instead of the level's (0: no limit)")
    command.add_argument("--max-depth", type=_positive, default=None, help="search at most this many plies")
    command.add_argument("--max-nodes", type=_positive, default=None,
                         help="stop the search after about this many positions")


def _add_loa(games: Subcommands) -> None:
    from .loa import PLAYERS, SIZES

    loa = games.add_parser("loa", help="Lines of Action")
    commands = loa.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_puzzles(commands, "loa")
    perft = commands.add_parser(
        "perft", help="the number of move sequences of length 1..D from the start (ended games are not expanded)"
    )
    perft.add_argument("--size", type=int, choices=SIZES, default=6, help="board size (default 6)")
    perft.add_argument("--depth", type=_positive, required=True, help="the longest sequences counted")
    perft.add_argument("--json", metavar="PATH", help='write {"size": N, "perft": [n1, .., nD]} here')
    perft.set_defaults(run=_loa_perft)
    match = commands.add_parser(
        "match", help="K games between two computer levels (first: the top/bottom side, moves first)",
        description="Without --time, --max-depth or --max-nodes the levels think as long as in the game, "
                    "so results can vary with the machine's speed; --max-depth/--max-nodes alone make "
                    "a match reproducible.",
    )
    match.add_argument("--size", type=int, choices=SIZES, default=6, help="board size (default 6)")
    match.add_argument("--first", choices=list(PLAYERS), required=True, help="level of the first player")
    match.add_argument("--second", choices=list(PLAYERS), required=True, help="level of the second player")
    match.add_argument("--games", type=_positive, default=10, help="games to play (default 10)")
    match.add_argument("--opening", type=_seed, default=2, metavar="PLIES",
                       help="random moves that open each game, for variety (default 2)")
    _add_loa_budgets(match, "the openings and the players' random moves")
    _add_workers(match, 1, "games")
    match.add_argument("--json", metavar="PATH",
                       help='write {"size", "first", "second", "games": [{"moves", "winner", "reason"}]} here')
    match.add_argument("--quiet", action="store_true", help="no progress bar")
    match.set_defaults(run=_loa_match)
    analyse = commands.add_parser("analyse", help="how a computer level judges the position after some moves")
    analyse.add_argument("--size", type=int, choices=SIZES, default=6, help="board size (default 6)")
    analyse.add_argument("--moves", default="", help='the moves from the start, e.g. "b1-b3 a3xc1" (default none)')
    analyse.add_argument("--level", choices=list(PLAYERS), default="hard", help="the level that judges (default hard)")
    _add_loa_budgets(analyse, "the player's random moves")
    analyse.add_argument("--top", type=_positive, default=10, help="candidates printed (default 10)")
    analyse.add_argument("--json", metavar="PATH", help="write the analysis (and the position) here")
    analyse.set_defaults(run=_loa_analyse)


def _domino_player(level: str, seed: int, args: argparse.Namespace) -> DominoPlayer:
    """A player of ``level``; ``--samples`` / ``--time`` set hard's budget (``--time 0``:
    no clock, reproducible): the levels that do not take them ignore them."""
    from .domino.ai import level_player

    return level_player(level, seed, _domino_options(args))


def _domino_options(args: argparse.Namespace) -> dict[str, Any]:
    """``--samples`` / ``--time`` as the levels' options (``--time 0``: no clock)."""
    options: dict[str, Any] = {}
    if args.samples is not None:
        options["samples"] = args.samples
    if args.time is not None:
        options["time_limit"] = args.time or None
    return options


def _domino_match(args: argparse.Namespace) -> int:
    from .match import MatchError, match

    if args.hands % 2:
        print("gamewidgets: --hands must be even: each deal is played twice, seats swapped", file=sys.stderr)
        return 2
    levels = (args.first, args.second)
    bar = ProgressBar("hands") if not args.quiet else None
    try:
        with _executor(args) as (executor, workers):
            result = match("domino", list(levels), games=args.hands, seed=args.seed, workers=workers,
                           executor=executor, progress=bar or False, **_domino_options(args))
    except MatchError as exc:
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 2
    finally:
        if bar:
            bar.close()
    rows = result.to_rows()
    mean, se = rows[0]["mean_score"], rows[0]["score_se"]
    hands = len(result.records)
    print(f"domino, {hands} hands ({hands // 2} deals, each played with seats swapped), seed {args.seed}")
    for k, sign in ((0, 1), (1, -1)):
        print(f"  {(k and 'second') or 'first '} {levels[k]:>6}: {sign * mean:+.2f} ± {se:.2f} points per hand, "
              f"won {100 * rows[k]['wins'] / hands:.1f}% of hands, {rows[k]['ms_per_move']:.1f} ms per move")
    print(f"  drawn hands: {100 * rows[0]['draws'] / hands:.1f}%")
    _write_json(args.json, _match_file(result))
    return 0


def _match_file(result: Any, **summary: Any) -> dict[str, Any]:
    """What ``match --json`` writes (version 2): the match's records and what it was."""
    from .record import MATCH_FORMAT, VERSION

    return {"format": MATCH_FORMAT, "version": VERSION, "game": result.game, "players": list(result.names),
            "seed": result.seed, **summary, "records": result.records}


def _domino_decide(args: argparse.Namespace) -> int:
    from .domino import DRAW, Game
    from .errors import BadSave

    try:
        hand = _recorded_hand(read_json(args.record), args.hand)
        moves = hand["moves"]
        if args.ply > len(moves):
            raise BadSave(f"hand {args.hand} has only {len(moves)} moves, not {args.ply}")
        game = Game.from_record({"deal": hand["deal"], "moves": moves[:args.ply]})
    except BadSave as exc:  # from_record raises only BadSave
        print(f"gamewidgets: cannot set up hand {args.hand} at move {args.ply} of {args.record}: {exc}",
              file=sys.stderr)
        return 2
    player = game.turn
    if game.is_over:
        print(f"gamewidgets: hand {args.hand} is over before move {args.ply} ({game.outcome()})", file=sys.stderr)
        return 1
    analysis = _domino_player(args.level, args.seed, args).analyse(game.view(player))
    move = {"player": player, **analysis.move.to_dict()}
    if move["action"] == DRAW:  # the record format holds the drawn tile (the player did not see it)
        move["tile"] = list(game.boneyard[0])
    if args.explain:
        print(game.view(player))
        print(analysis)
        stats = analysis.stats
        if "beliefs" in stats:
            likely = sorted(stats["beliefs"].items(), key=lambda kv: -kv[1])
            print("opponent holds (estimated): " + ", ".join(f"{t} {p:.0%}" for t, p in likely if p > 0))
            print("ruled out: " + (", ".join(stats["ruled_out"]) or "nothing"))
    print(json.dumps(move))
    _write_json(args.json, move)
    return 0


def _recorded_hand(data: Any, index: int) -> dict[str, Any]:
    """Hand ``index`` of a match JSON (version 2, ``{"records": [...]}``, or 1,
    ``{"hands": [...]}``) or of one hand's record (``{"deal", "moves"}`` or a version-2
    record: hand 0); BadSave saying what the file is instead."""
    from .errors import BadSave
    from .record import MATCH_FORMAT, is_record, upgrade

    if isinstance(data, dict) and (data.get("format") == MATCH_FORMAT or is_record(data)):
        if data.get("game") not in (None, "domino"):
            raise BadSave(f"it is a {str(data['game'])[:20]} record, not a dominoes one")
        held = data.get("records") if data.get("format") == MATCH_FORMAT else [data]
        if isinstance(held, list) and not 0 <= index < len(held):
            raise BadSave(f"it holds {len(held)} hand(s), numbered from 0 to {len(held) - 1}: there is no hand {index}")
        record = upgrade(data, "domino", index=index)
        return {"deal": record["setup"]["deal"], "moves": record["moves"]}

    def is_hand(value: Any) -> bool:
        return isinstance(value, dict) and "deal" in value and isinstance(value.get("moves"), list)

    other = data.get("game") if isinstance(data, dict) else None
    if isinstance(other, str) and other != "domino":
        raise BadSave(f"it is a {other[:20]} record, not a dominoes one")
    if isinstance(data, dict) and "hands" in data and "deal" not in data:
        hands = data["hands"]
        if not isinstance(hands, list) or not all(is_hand(hand) for hand in hands):
            raise BadSave('its "hands" must be a list of hand records, each with a "deal" and "moves"')
    elif is_hand(data):
        hands = [data]
    else:
        raise BadSave('it is not a dominoes record: expected a match JSON ({"hands": [...]}, from '
                      '`gamewidgets domino match --json`) or one hand\'s record ({"deal": ..., "moves": [...]})')
    if index >= len(hands):
        held = f"{len(hands)} hand(s), numbered from 0 to {len(hands) - 1}" if hands else "no hand"
        raise BadSave(f"it holds {held}: there is no hand {index}")
    hand: dict[str, Any] = hands[index]
    return hand


def _domino_serve(args: argparse.Namespace) -> int:
    if args.sweep <= 0:
        print("--sweep must be more than 0 seconds", file=sys.stderr)
        return 2
    from .extras import require

    try:
        require("online", "the room server")
    except MissingExtra as exc:
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 2
    from .domino.online.server import serve
    from .errors import RoomError

    try:
        serve(args.host, args.port, args.db, sweep_every=args.sweep, room_limit=args.room_limit,
              hello_limit=args.hello_limit)
    except RoomError as exc:  # the database cannot be used, or another server holds it
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 2
    return 0


def _port(text: str) -> int:
    """An argparse type: a TCP port, 1..65535."""
    value = _integer(1, "a port number (1 to 65535)")(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"expected a port number (1 to 65535), not {text!r}")
    return value


def _rate(text: str) -> float:
    """An argparse type: a number of events a second, 0 or more (0: no limit)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number a second (0: no limit), not {text!r}")
    return value


def _add_domino_budgets(command: argparse.ArgumentParser) -> None:
    command.add_argument("--samples", type=_positive, default=None, help="hard: hidden deals sampled per move")
    command.add_argument("--time", type=_seconds, default=None, metavar="SECONDS",
                         help="hard: seconds per move at most (0: no clock, reproducible)")


def _add_domino(games: Subcommands) -> None:
    from .domino import PLAYERS

    domino = games.add_parser("domino", help="Dominoes (draw game, double-six)")
    commands = domino.add_subparsers(dest="command", required=True, metavar="COMMAND")
    _add_puzzles(commands, "domino")
    match = commands.add_parser("match", help="K hands between two levels, as duplicate pairs (seats swapped)")
    match.add_argument("--first", choices=list(PLAYERS), required=True, help="the first level")
    match.add_argument("--second", choices=list(PLAYERS), required=True, help="the second level")
    match.add_argument("--hands", type=_positive, default=100, help="hands to play, an even number (default 100)")
    match.add_argument("--seed", type=_seed, default=0, help="seed of the deals and players (default 0)")
    _add_domino_budgets(match)
    _add_workers(match, 1, "hands")
    match.add_argument("--json", metavar="PATH",
                       help='write {"hands": [{"levels", "deal", "moves", "result"}]} here')
    match.add_argument("--quiet", action="store_true", help="no progress bar")
    match.set_defaults(run=_domino_match)
    decide = commands.add_parser("decide", help="the action a level takes at a point of a recorded hand")
    decide.add_argument("--record", metavar="PATH", required=True, help="a match JSON (or one hand's record)")
    decide.add_argument("--hand", type=_seed, default=0, help="which hand of the record (from 0; default 0)")
    decide.add_argument("--ply", type=_seed, required=True, help="decide before this move (counted from 0)")
    decide.add_argument("--level", choices=list(PLAYERS), default="hard", help="the level (default hard)")
    decide.add_argument("--seed", type=_seed, default=0, help="the player's seed (default 0)")
    _add_domino_budgets(decide)
    decide.add_argument("--explain", action="store_true", help="print the view and the analysis")
    decide.add_argument("--json", metavar="OUT", help="write the move (record format) here")
    decide.set_defaults(run=_domino_decide)
    serve = commands.add_parser("serve", help="run a room server for online play (needs gamewidgets[online])")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=_port, default=8765, help="port, 1 to 65535 (default 8765)")
    serve.add_argument("--db", metavar="PATH", default="rooms.db",
                       help="the SQLite file of rooms and moves (default rooms.db; created if missing, in a "
                            "folder that exists; one server per file: a second one is refused)")
    serve.add_argument("--sweep", type=_seconds, default=3600.0, metavar="SECONDS",
                       help="how often to delete rooms idle for 7 days (default 3600)")
    serve.add_argument("--room-limit", type=_integer(0, "a number of rooms (0: no limit)"), default=60, metavar="N",
                       help="rooms created or seats claimed a minute per address (default 60; 0: no limit)")
    serve.add_argument("--hello-limit", type=_rate, default=20.0, metavar="N",
                       help="connections (hellos) a second per address, in bursts of 15 s worth "
                            "(default 20; 0: no limit, also none per room; behind a proxy every "
                            "client has its address)")
    serve.set_defaults(run=_domino_serve)


def _integer(minimum: int, what: str, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: an integer of at least ``minimum`` (and at most ``maximum``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:  # also a literal of more than 4300 digits
            value = None
        if value is None or value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"expected {what}, not {text[:60]!r}")
        return value

    return parse


#: seeds (and counts given with them) up to 2**128 - 1, what the games take
_seed = _integer(0, "a non-negative integer seed (below 2**128)", 2**128 - 1)
_positive = _integer(1, "a positive integer")


DESCRIPTION = "Play, measure and serve the four games without Jupyter (also: python -m gamewidgets)."
EXAMPLES = """examples:
  gamewidgets line98 play --player build --seed 3 --json game.json
  gamewidgets mahjong solve --seed 7 --json solution.json
  gamewidgets loa match --size 8 --first hard --second insane --games 4 --json games.json
  gamewidgets domino serve --host 127.0.0.1 --port 8765 --db rooms.db

gamewidgets GAME --help lists the commands of a game."""


def parser() -> argparse.ArgumentParser:
    from . import __version__

    top = argparse.ArgumentParser(prog="gamewidgets", description=DESCRIPTION, epilog=EXAMPLES,
                                  formatter_class=argparse.RawDescriptionHelpFormatter)
    top.add_argument("--version", action="version", version=f"gamewidgets {__version__}")
    games = top.add_subparsers(dest="game", required=True, metavar="GAME")
    _add_line98(games)
    _add_mahjong(games)
    _add_loa(games)
    _add_domino(games)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except MissingExtra as exc:  # e.g. --scheduler without gamewidgets[distributed]
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 1
