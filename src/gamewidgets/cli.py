"""The command line: ``gamewidgets <game> <command> [options]`` (or ``python -m gamewidgets``).

Headless play, self-play and measurements, without Jupyter.

    gamewidgets line98 play --player random --seed 3 --json game.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def _line98_play(args: argparse.Namespace) -> int:
    from .line98.players import PLAYERS, play_game

    player = PLAYERS[args.player](seed=args.seed)
    game = play_game(player, args.seed)
    record = game.record(player=args.player)
    if args.json:
        Path(args.json).write_text(json.dumps(record))
    print(f"line98 seed {args.seed}, player {args.player}: score {game.score} in {len(game.moves)} moves")
    return 0


def _add_line98(games) -> None:
    from .line98.players import PLAYERS

    line98 = games.add_parser("line98", help="Line 98 (Color Lines)")
    commands = line98.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = commands.add_parser("play", help="let a computer player play one game to the end")
    play.add_argument("--player", choices=sorted(PLAYERS), default="random")
    play.add_argument("--seed", type=_seed, default=0, help="game seed (default 0)")
    play.add_argument("--json", metavar="PATH", help="write the game record (states and moves) here")
    play.set_defaults(run=_line98_play)


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a non-negative integer, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"a seed is a non-negative integer, not {text!r}")
    return value


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="gamewidgets", description=__doc__.splitlines()[0])
    games = top.add_subparsers(dest="game", required=True, metavar="GAME")
    _add_line98(games)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except OSError as exc:
        print(f"gamewidgets: {exc}", file=sys.stderr)
        return 1
