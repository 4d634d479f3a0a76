"""One record for every game: what a game was, in plain JSON, that replays it.

A record (version 2) is a dict::

    {"format": "gamewidgets.record", "version": 2,
     "game": "line98" | "mahjong" | "loa" | "domino",
     "setup": {...},          # all it takes to start the game again (below)
     "players": ["expert"],   # their names, in seat order
     "moves": [{...}, ...],   # move.to_dict() each, oldest first (Mahjong: shuffles too)
     "result": {"winner": 0 | 1 | None, "reason": "...", "score": ...} | None,
     "capped": false,         # the game was stopped after max_moves (not over)
     "analyses": [...]}       # optional: one per move, Analysis.to_dict() or None

``setup`` per game: Line 98 ``{"seed"}`` (the game of ``Game(seed)``), Mahjong Connect
``{"seed", "scoring", "shuffles"}`` (and ``"grid"``, the start, for a given layout),
Lines of Action ``{"size", "opening_plies", "opening_seed"}`` (the opening's random
moves are the first moves of ``moves``), Dominoes ``{"seed", "deal"}`` (the hands and
the boneyard). A ``result`` has the winner's seat (None for a draw and in the one-player
games), the reason in words and the score (the points of a one-player game, the
winner's points otherwise). Line 98 records may add ``states`` (every position, see
``Game.states()``).

:func:`replay` (each game's ``Game.from_record``) starts the game from its setup,
plays the moves and checks the result, and says where a record breaks
(:class:`~gamewidgets.errors.BadSave`: "move 12 (...): why"). It also reads the records
of earlier versions, through :func:`upgrade`: a ``gamewidgets line98 play`` file, a
``gamewidgets mahjong solve`` file, one game of a ``gamewidgets loa match`` file (give
its ``size``, or the whole file and ``index``), one hand of a ``gamewidgets domino match``
file (or the file and ``index``), a Dominoes ``game.record()``, and any item of
``match(...).records`` of version 1 (Lines of Action's then needs ``size``; 6 is taken
when none is given, the size ``match`` played by default).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .analysis import Analysis, Candidate
from .errors import BadSave, GameError, IllegalMove
from .untrusted import MAX_INTEGER, integer, short_repr

if TYPE_CHECKING:
    from .playing import GameEntry

FORMAT = "gamewidgets.record"
VERSION = 2
#: a file of several records (``match --json``): ``{"format": MATCH_FORMAT, "version": 2, "records": [...]}``
MATCH_FORMAT = "gamewidgets.match"
GAMES = ("line98", "mahjong", "loa", "domino")


def new_record(known: GameEntry, game: Any, setup: Mapping[str, Any], players: Sequence[str | None], *,
               capped: bool = False, analyses: list[Analysis | None] | None = None) -> dict[str, Any]:
    """The record of ``game`` (played from ``setup`` by ``players``), version 2."""
    outcome = game.outcome()
    actions = known.actions(game) if known.actions is not None else [m.to_dict() for m in game.moves]
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": known.name,
        "setup": known.setup_of(game, setup) if known.setup_of is not None else dict(setup),
        "players": list(players),
        "moves": actions,
        "result": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason,
                                                 "score": outcome.score},
        "capped": capped,
    }
    if analyses is not None:
        record["analyses"] = [None if a is None else a.to_dict() for a in analyses]
    if known.extra is not None:
        record.update(known.extra(game, setup))
    return record


def is_record(data: Any) -> bool:
    """Whether ``data`` is a record of this version (not necessarily a sound one)."""
    return isinstance(data, Mapping) and data.get("format") == FORMAT


def upgrade(data: Any, game: str | None = None, *, index: int = 0, size: int | None = None) -> dict[str, Any]:
    """``data`` as a version-2 record: a record is returned as it is; an older one (see
    the module docstring) is read into one. ``game`` names the game where ``data`` does
    not say it; a file of several records gives record ``index``. BadSave if it is none."""
    try:
        return _upgrade(data, game, index, size)
    except BadSave:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise BadSave(f"not a gamewidgets record: {type(exc).__name__}: {exc}") from None


def _upgrade(data: Any, game: str | None, index: int, size: int | None) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise BadSave(f"a record is a dict, not {short_repr(data)}")
    if data.get("format") == MATCH_FORMAT or ("records" in data and "games" not in data):
        return _upgrade(_item(data, "records", index), game, 0, size)
    if is_record(data):
        version = data.get("version")
        if version != VERSION:
            raise BadSave(f"a record of version {short_repr(version)}: this gamewidgets reads version {VERSION}")
        return dict(data)
    named = data.get("game", game)
    if "games" in data and "size" in data:  # gamewidgets loa match --json (version 1)
        return _upgrade(_item(data, "games", index), "loa", 0, integer(data["size"], "size", 5, 12))
    if "hands" in data:  # gamewidgets domino match --json (version 1)
        return _upgrade(_item(data, "hands", index), "domino", 0, None)
    if "pairs" in data and "seed" in data:  # gamewidgets mahjong solve --json
        return _record("mahjong", {"seed": data["seed"], "scoring": "standard"}, [data.get("player", "solver")],
                       [{"a": a, "b": b} for a, b in data["pairs"]])
    if named == "line98" or (named is None and "states" in data):
        extra = {"states": data["states"]} if "states" in data else {}
        score = data["states"][-1]["score"] if data.get("states") else data.get("score")
        over = {"winner": None, "reason": "board full", "score": score} if data.get("over") and score is not None \
            else None
        return {**_record("line98", {"seed": data["seed"]}, [data.get("player")], list(data["moves"]), over), **extra}
    if named == "mahjong":
        actions = [{"shuffle": True} if a == "shuffle" else {"a": a[0], "b": a[1]} for a in data["actions"]]
        cleared = {"winner": None, "reason": "cleared", "score": data["score"]} if data.get("cleared") else None
        return _record("mahjong", {"seed": data["seed"], "scoring": "standard"}, [data.get("player")], actions,
                       cleared)
    if named == "domino" or (named is None and "deal" in data):
        players = data.get("levels") or data.get("players") or [None, None]
        setup = {"seed": data.get("seed") or 0, "deal": data["deal"]}
        old = data.get("result")
        result = None if old is None else {"winner": old["winner"], "reason": old["reason"], "score": old["points"]}
        return _record("domino", setup, list(players), list(data["moves"]), result)
    if named == "loa" or (named is None and "moves" in data and "winner" in data):
        winner = data.get("winner")
        seat = None if winner is None else ("first", "second").index(winner)
        result = {"winner": seat, "reason": data["reason"], "score": 0 if seat is None else 1} \
            if "reason" in data else None
        return _record("loa", {"size": size or 6}, list(data.get("players") or [None, None]), list(data["moves"]),
                       result)
    raise BadSave("not a gamewidgets record: give a record (format 'gamewidgets.record'), or one of the files "
                  "the command line writes; name the game if the data does not say it")


def _item(data: Mapping[str, Any], key: str, index: int) -> Any:
    items = data[key]
    if not isinstance(items, list) or not items:
        raise BadSave(f'its "{key}" must be a non-empty list of records')
    if isinstance(index, bool) or not isinstance(index, int) or not -len(items) <= index < len(items):
        raise BadSave(f"it holds {len(items)} records (0..{len(items) - 1}), not one numbered {short_repr(index)}")
    return items[index]


def _record(game: str, setup: dict[str, Any], players: list[Any], moves: list[Any],
            result: dict[str, Any] | None = None) -> dict[str, Any]:
    """A version-2 record of what an older one says (its result, where it says one)."""
    return {"format": FORMAT, "version": VERSION, "game": game, "setup": setup, "players": players,
            "moves": moves, "result": result, "capped": False}


def replay(data: Any, game: str | None = None, *, index: int = 0, size: int | None = None,
           parse: bool = False) -> Any:
    """The game ``data`` records, replayed to its last move (see the module docstring;
    ``game`` must match the record's game when given). With ``parse=True`` returns
    ``(game, analyses)``: the analyses the record carries, read in the position each
    was made in (None where it has none). BadSave saying where it breaks."""
    from .playing import entry

    try:
        record = upgrade(data, game, index=index, size=size)
        name = record.get("game")
        if name not in GAMES:
            raise BadSave(f"a record of an unknown game {short_repr(name)}; the games: {', '.join(GAMES)}")
        if game is not None and name != game:
            raise BadSave(f"it is a {name} record, not a {game} one")
        known = entry(name)
        setup = record["setup"]
        if not isinstance(setup, Mapping):
            raise BadSave(f"a record's setup is a dict, not {short_repr(setup)}")
        state = known.start({**known.options, **setup})
    except BadSave:
        raise
    except (GameError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise BadSave(f"not a record gamewidgets can replay: {type(exc).__name__}: {exc}") from None
    moves = record["moves"]
    if not isinstance(moves, list):
        raise BadSave(f"a record's moves are a list, not {short_repr(moves)}")
    kept = record.get("analyses") or []
    analyses: list[Analysis | None] = []
    for number, move in enumerate(moves, start=1):
        try:
            if parse and number <= len(kept) and kept[number - 1] is not None:
                analyses.append(analysis_from_dict(kept[number - 1], state))
            elif parse:
                analyses.append(None)
            if isinstance(move, Mapping) and move.get("shuffle") is True:  # Mahjong Connect's
                state.shuffle()
            else:
                state.play(move)
        except (GameError, KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise BadSave(f"move {number} ({short_repr(move, 80)}) of the record cannot be played: {exc}") from None
    _check_result(record, state)
    return (state, analyses) if parse else state


def _check_result(record: Mapping[str, Any], state: Any) -> None:
    result = record.get("result")
    if result is None:
        return
    outcome = state.outcome()
    found = None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason, "score": outcome.score}
    if found != result:
        raise BadSave(f"the record's result {short_repr(result)} is not where its moves lead: "
                      f"{found if found is not None else 'the game is not over'}")


def analysis_from_dict(data: Mapping[str, Any], position: Any) -> Analysis:
    """An :class:`Analysis` from its ``to_dict()``, its moves read in ``position`` (the
    game the analysis was made in): the candidates there, the principal variation along
    it as far as it can be played (a Line 98 line runs past previews nobody saw: its
    later moves stay text)."""
    if not isinstance(data, Mapping):
        raise BadSave(f"an analysis is a dict, not {short_repr(data)}")
    parse = position.parse_move
    try:
        candidates = []
        for row in data["candidates"]:
            names = row["terms"]
            terms = {name: row[name] for name in names}
            reserved = {"rank", "move", "score", "bound", "chosen", "terms"}
            facts = {k: v for k, v in row.items() if k not in reserved and k not in terms}
            candidates.append(Candidate(parse(row["move"]), float(row["score"]), terms, facts, row["bound"]))
        return Analysis(str(data["player"]), parse(data["move"]), tuple(candidates), str(data["reason"]),
                        dict(data.get("stats") or {}), _line(position, data.get("pv") or ()))
    except (IllegalMove, KeyError, TypeError, ValueError) as exc:
        raise BadSave(f"a damaged analysis in the record: {type(exc).__name__}: {exc}") from None


def _line(position: Any, texts: Any) -> tuple[Any, ...]:
    """The moves of a principal variation, read along a copy of ``position`` while they
    can be; the rest as their text."""
    line: list[Any] = []
    along = position.copy()
    for text in texts:
        try:
            move = along.parse_move(str(text)) if along is not None else str(text)
            if along is not None:
                along.play(move)
        except GameError:
            along, move = None, str(text)
        line.append(move)
    return tuple(line)


def checked_seed(value: Any) -> int:
    """A setup's seed: an integer 0..2**128 - 1 (BadSave otherwise)."""
    return integer(value, "seed", 0, MAX_INTEGER)
