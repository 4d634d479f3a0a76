"""The command line: ``gamewidgets <game> <command> [options]`` (or ``python -m gamewidgets``).

Headless play, self-play and measurements, without Jupyter.

    gamewidgets line98 play --player random --seed 3 --json game.json
    gamewidgets mahjong solve --seed 3 --json solution.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


def _line98_play(args: argparse.Namespace) -> int:
    from .line98.players import PLAYERS, play_game

    player = PLAYERS[args.player](seed=args.seed)
    game = play_game(player, args.seed)
    record = game.record(player=args.player)
    _write_json(args.json, record)
    print(f"line98 seed {args.seed}, player {args.player}: score {game.score} in {len(game.moves)} moves")
    return 0


def _line98_experiment(args: argparse.Namespace) -> int:
    from .line98 import experiment

    bar = ProgressBar("games") if not args.quiet else None
    result = experiment.run(args.games, args.seed, workers=args.workers, progress=bar)
    if bar:
        bar.close()
    print(f"line98 experiment: {args.games} games per player from seed {args.seed}, "
          f"{result.workers} worker(s), {result.seconds:.1f} s")
    print(result.table())
    _write_json(args.json, result.to_dict())
    return 0


class ProgressBar:
    """A progress bar on stderr, as ``progress(done, total)``: redrawn in place on a
    terminal (at most ten times a second), one line per tenth of the way otherwise."""

    def __init__(self, unit: str, width: int = 30, stream=None):
        self.unit, self.width = unit, width
        self.stream = stream or sys.stderr
        self.live = self.stream.isatty()
        self.started = time.perf_counter()
        self._shown = (-1, 0.0)

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        step = 10 * done // max(total, 1)
        if self.live:
            if done < total and now - self._shown[1] < 0.1:
                return
        elif step == self._shown[0] and done < total:
            return
        self._shown = (step, now)
        filled = self.width * done // max(total, 1)
        line = f"[{'#' * filled}{'.' * (self.width - filled)}] {done}/{total} {self.unit} {now - self.started:5.1f} s"
        self.stream.write(("\r" + line) if self.live else line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _add_line98(games) -> None:
    from .line98.players import PLAYERS

    line98 = games.add_parser("line98", help="Line 98 (Color Lines)")
    commands = line98.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = commands.add_parser("play", help="let a computer player play one game to the end")
    play.add_argument("--player", choices=sorted(PLAYERS), default="random")
    play.add_argument("--seed", type=_seed, default=0, help="game seed (default 0)")
    play.add_argument("--json", metavar="PATH", help="write the game record (states and moves) here")
    play.set_defaults(run=_line98_play)
    exp = commands.add_parser(
        "experiment", help="the four players play the same games; mean/median score, mean moves"
    )
    exp.add_argument("--games", type=_positive, default=300, help="games per player (default 300)")
    exp.add_argument("--seed", type=_seed, default=0, help="experiment seed (default 0)")
    exp.add_argument("--workers", type=_positive, default=None, help="processes (default: the number of cores)")
    exp.add_argument("--json", metavar="PATH", help="write per-player figures and per-game scores here")
    exp.add_argument("--quiet", action="store_true", help="no progress bar")
    exp.set_defaults(run=_line98_experiment)


def _mahjong_deal(args: argparse.Namespace) -> int:
    from .mahjong import Game
    from .mahjong.tiles import code

    game = Game(args.seed)
    grid = [[code(int(t)) for t in row] for row in game.grid]
    _write_json(args.json, {"game": "mahjong", "seed": args.seed, "rows": len(grid), "cols": len(grid[0]), "grid": grid})
    print(f"mahjong deal {args.seed}: {game.tiles_left} tiles, {len(game.legal_moves())} pairs removable at the start")
    return 0


def _mahjong_solve(args: argparse.Namespace) -> int:
    from .mahjong import Game, solve

    game = Game(args.seed)
    pairs = solve(game.grid, max_nodes=args.max_nodes)
    if pairs is None:
        print(f"mahjong deal {args.seed}: no sequence clears it", file=sys.stderr)
        return 1
    _write_json(args.json, {"seed": args.seed, "pairs": [[list(a), list(b)] for a, b in pairs]})
    print(f"mahjong deal {args.seed}: cleared in {len(pairs)} pairs")
    return 0


def _mahjong_pairs(args: argparse.Namespace) -> int:
    from .mahjong import find_path, removable_pairs
    from .mahjong.tiles import grid_from_codes

    try:
        grid = grid_from_codes(json.loads(Path(args.grid).read_text())["grid"])
    except (ValueError, KeyError, TypeError) as exc:
        print(f"gamewidgets: {args.grid} is not a grid of tile codes: {exc}", file=sys.stderr)
        return 2
    pairs = [{"a": list(a), "b": list(b), "path": [list(p) for p in find_path(grid, a, b)]}
             for a, b in removable_pairs(grid)]
    _write_json(args.json, {"pairs": pairs})
    print(f"{len(pairs)} pairs can be removed")
    return 0


def _write_json(path: str | None, data: dict) -> None:
    if path:
        Path(path).write_text(json.dumps(data))


def _add_mahjong(games) -> None:
    mahjong = games.add_parser("mahjong", help="Mahjong Connect (Shisen-Sho style)")
    commands = mahjong.add_subparsers(dest="command", required=True, metavar="COMMAND")
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


def _add_loa(games) -> None:
    from .loa import SIZES

    loa = games.add_parser("loa", help="Lines of Action")
    commands = loa.add_subparsers(dest="command", required=True, metavar="COMMAND")
    perft = commands.add_parser(
        "perft", help="the number of move sequences of length 1..D from the start (ended games are not expanded)"
    )
    perft.add_argument("--size", type=int, choices=SIZES, default=6, help="board size (default 6)")
    perft.add_argument("--depth", type=_positive, required=True, help="the longest sequences counted")
    perft.add_argument("--json", metavar="PATH", help='write {"size": N, "perft": [n1, .., nD]} here')
    perft.set_defaults(run=_loa_perft)


def _integer(minimum: int, what: str):
    """An argparse type: an integer of at least ``minimum``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < minimum:
            raise argparse.ArgumentTypeError(f"expected {what}, not {text!r}")
        return value

    return parse


_seed = _integer(0, "a non-negative integer seed")
_positive = _integer(1, "a positive integer")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="gamewidgets", description=__doc__.splitlines()[0])
    games = top.add_subparsers(dest="game", required=True, metavar="GAME")
    _add_line98(games)
    _add_mahjong(games)
    _add_loa(games)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except OSError as exc:
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 1
