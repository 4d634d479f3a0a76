"""The one widget interface, checked on all four widgets alike: keyword-only
constructors (``seed=`` where the game has chance), ``game``, ``history`` and
``goto(i)`` (read-only looking back, also from the view's slider), ``show(analysis)``,
``watch(player, moves, delay, explain)`` with and without a running event loop,
``undo()`` returning the move taken back and ``new_game()``."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamewidgets import Domino, Line98, LinesOfAction, MahjongConnect, domino, line98, loa, mahjong
from gamewidgets.analysis import Analysis
from gamewidgets.errors import GameError, IllegalMove

FAST_LOA = {"max_depth": 1}


@dataclass(frozen=True)
class Kind:
    """One game's widget as this suite uses it."""

    cls: type
    make: Callable[..., Any]  # keyword arguments -> a widget on a fixed game
    players: dict[str, Any]
    analyst: Callable[[], Any]  # a player whose analyse() is quick
    #: the traits that show the position (what goto changes and going live restores)
    board_traits: tuple[str, ...]
    #: after new_game(): start playing again (Lines of Action goes to its setup first)
    play_again: Callable[[Any], None] = lambda w: None


def frozen_mahjong(seed: int) -> mahjong.Game:
    return mahjong.Game(seed, clock=mahjong.Clock(now=lambda: 0.0))


KINDS = {
    "line98": Kind(Line98, lambda **kw: Line98(seed=3, store=None, **kw), line98.PLAYERS,
                   lambda: line98.PLAYERS["build"](seed=1), ("board", "previews", "score")),
    "mahjong": Kind(MahjongConnect, lambda **kw: MahjongConnect(game=frozen_mahjong(7), store=None, **kw),
                    mahjong.PLAYERS, lambda: mahjong.PLAYERS["solver"](), ("grid", "removed", "tiles_left")),
    "loa": Kind(LinesOfAction, lambda **kw: LinesOfAction(size=6, level="easy", seed=1, ai=FAST_LOA, store=None, **kw),
                loa.PLAYERS, lambda: loa.PLAYERS["easy"](seed=1, **FAST_LOA), ("board", "turn", "last_move"),
                play_again=lambda w: w.start(6, "easy", replace_saved=True)),  # the game before stays saved otherwise
    # seed 3: the user holds the highest double and opens
    "domino": Kind(Domino, lambda **kw: Domino(level="easy", seed=3, store=None, **kw), domino.PLAYERS,
                   lambda: domino.PLAYERS["medium"](), ("line", "hand", "counts", "boneyard", "turn"),
                   play_again=lambda w: w.new_game(seed=3)),
}
NAMES = sorted(KINDS)


def send(widget: Any, **message: Any) -> None:
    widget._handle_custom_msg(message, [])


def shown(widget: Any, kind: Kind) -> dict[str, Any]:
    return {name: getattr(widget, name) for name in kind.board_traits}


def played(name: str, moves: int = 3) -> Any:
    """A widget of ``name`` after ``moves`` moves of its default player (and, against
    the computer, the computer's answers)."""
    widget = KINDS[name].make()
    widget.watch(None, moves=moves, delay=0)
    return widget


# ----------------------------------------------------------------- constructors
@pytest.mark.parametrize("name", NAMES)
def test_constructors_take_keyword_arguments_only(name):
    with pytest.raises(TypeError, match="positional"):
        KINDS[name].cls(3, store=None)


@pytest.mark.parametrize("cls", [Line98, MahjongConnect, Domino])
def test_seed_deals_the_same_game_every_time(cls):
    first, second, other = cls(seed=11, store=None), cls(seed=11, store=None), cls(seed=12, store=None)
    assert str(first.game) == str(second.game) != str(other.game)


def test_seed_makes_the_computer_of_lines_of_action_play_the_same_moves():
    def moves(seed: int) -> list[str]:
        widget = LinesOfAction(size=6, level="easy", seed=seed, ai=FAST_LOA, store=None)
        widget.watch("easy", moves=4, delay=0)
        return [str(m) for m in widget.history.moves]

    assert moves(5) == moves(5)


# ---------------------------------------------------------------------- history
@pytest.mark.parametrize("name", NAMES)
def test_history_holds_every_position_as_a_game(name):
    widget = KINDS[name].make()
    start = str(widget.game)
    assert len(widget.history) == 1 == widget.history_length and widget.history[0].move is None
    widget.watch(None, moves=3, delay=0)
    history = widget.history
    assert len(history) == widget.history_length >= 4 and widget.history_index == len(history) - 1
    assert [step.index for step in history] == list(range(len(history)))
    assert history.moves == [step.move for step in history[1:]] == widget._history_moves()
    assert str(history[0].game) == start and str(history[-1].game) == str(widget.game)
    # each step's game is that position: replaying the moves from the start reaches it
    replay = history[0].game
    for step in history[1:]:
        if isinstance(step.move, mahjong.Shuffle):
            break  # a shuffle is not replayed by play()
        replay.play(step.move)
        assert str(replay) == str(step.game)
    # a step's game is a copy: changing it changes nothing
    copy = history[1].game
    copy.undo()
    assert str(widget.history[1].game) != str(copy) and str(history[-1].game) == str(widget.game)
    assert history[-1].svg().startswith("<svg")


@pytest.mark.parametrize("name", NAMES)
def test_goto_looks_back_read_only_and_any_action_returns_to_the_live_game(name):
    kind = KINDS[name]
    widget = played(name)
    live, saved, last = shown(widget, kind), widget.game.to_dict(), len(widget.history) - 1
    widget.goto(0)
    assert widget.looking_back and widget.history_index == 0 and widget.last_event["kind"] == "goto"
    assert shown(widget, kind) != live and widget.game.to_dict() == saved  # the game itself is unchanged
    past = KINDS[name].make()  # the start, shown by a widget of its own
    assert shown(widget, kind) == shown(past, kind)
    widget.goto(-1)
    assert not widget.looking_back and shown(widget, kind) == live
    widget.goto(1)
    taken = widget.undo()  # an action from Python goes back to the live game first
    assert not widget.looking_back and taken is not None and len(widget.history) < last + 1


@pytest.mark.parametrize("name", NAMES)
def test_goto_refuses_positions_outside_the_game_in_words(name):
    widget = played(name, moves=1)
    last = len(widget.history) - 1
    with pytest.raises(IndexError, match=rf"positions are 0\.\.{last}"):
        widget.goto(last + 1)
    with pytest.raises(TypeError, match="position number"):
        widget.goto("1")
    send(widget, type="goto", index=last + 5)
    assert "not in this game" in widget.error and not widget.looking_back
    send(widget, type="goto", index=True)
    assert "integer index" in widget.error
    send(widget, type="goto", index=0, position=widget.position)
    assert widget.error == "" and widget.history_index == 0 and widget.looking_back


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), steps=st.lists(st.integers(-8, 8), max_size=6))
def test_any_walk_through_the_history_comes_back_to_the_same_live_game(name, steps):
    kind = KINDS[name]
    widget = played(name, moves=2)
    live, saved = shown(widget, kind), widget.game.to_dict()
    count = len(widget.history)
    for index in steps:
        if -count <= index < count:
            widget.goto(index)
            assert widget.history_index == index % count
            assert widget.looking_back == (index % count < count - 1)
    widget.goto(None)
    assert shown(widget, kind) == live and widget.game.to_dict() == saved and not widget.looking_back


# ------------------------------------------------------------------------- show
@pytest.mark.parametrize("name", NAMES)
def test_show_draws_an_analysis_until_the_next_move(name):
    kind = KINDS[name]
    widget = played(name, moves=1)
    analysis = kind.analyst().analyse(widget.game)
    assert isinstance(analysis, Analysis)
    widget.goto(0)
    widget.show(analysis)  # looking back: the analysis is of the live game
    assert not widget.looking_back and widget.overlay["title"]
    assert widget.picture_svg() == widget.game.svg(overlay=widget.overlay)
    widget.show(None)
    assert widget.overlay == {}
    widget.show(analysis)
    widget.watch(None, moves=1, delay=0)
    assert widget.overlay == {}
    with pytest.raises(TypeError):
        widget.show("not an analysis")


def test_dominoes_show_refuses_an_analysis_of_a_hand_the_view_does_not_show():
    widget = Domino(mode="local", seed=2, store=None)
    analysis = domino.PLAYERS["medium"]().analyse(widget.game)
    with pytest.raises(ValueError, match="reveal"):
        widget.show(analysis)  # the hand is behind the pass-the-device screen
    widget.reveal()
    widget.show(analysis)
    assert widget.overlay["player"] == widget.seat == widget.game.turn


def test_dominoes_show_refuses_the_computers_hand_while_it_thinks():
    async def scenario() -> None:
        widget = Domino(level="easy", seed=3, store=None)
        widget.play(*_first_play(widget))
        assert widget.game.turn == 1  # the computer is to answer (its task is on the loop)
        with pytest.raises(ValueError, match="never the other hand"):
            widget.show(domino.PLAYERS["medium"]().analyse(widget.game))
        assert widget.overlay == {}
        await widget.wait()

    asyncio.run(scenario())


def _first_play(widget: Domino) -> tuple[list[int], str]:
    playable = widget.playable[0]
    return playable["tile"], playable["ends"][0]


# ------------------------------------------------------------------------ watch
@pytest.mark.parametrize("name", NAMES)
def test_watch_by_name_or_player_with_explanations(name):
    kind = KINDS[name]
    widget = kind.make()
    player_name = sorted(kind.players)[0]
    widget.watch(player_name, moves=1, delay=0)
    widget.watch(kind.analyst(), moves=1, delay=0, explain=True)
    assert len(widget.history) >= 3
    with pytest.raises(ValueError, match=r"unknown player|must be one of"):
        widget.watch("nobody", moves=1, delay=0)
    with pytest.raises(ValueError, match="negative"):
        widget.watch(None, moves=-1)


@pytest.mark.parametrize("name", NAMES)
def test_watch_plays_in_the_background_on_a_running_loop(name):
    async def scenario() -> Any:
        widget = KINDS[name].make()
        task = widget.watch(None, moves=3, delay=0.01)
        assert isinstance(task, asyncio.Task) and not task.done()
        await task
        await widget.wait()
        return widget

    widget = asyncio.run(scenario())
    assert len(widget.history) >= 4 and not widget.thinking
    # against the computer, each of the watched player's moves got its answer
    if name in ("loa", "domino"):
        assert widget.game.turn == 0 or widget.game.is_over


def test_lines_of_action_watch_needs_a_game():
    widget = LinesOfAction(store=None)
    with pytest.raises(IllegalMove, match="start"):
        widget.watch("easy")


# ------------------------------------------------------------- undo, new_game
@pytest.mark.parametrize("name", NAMES)
def test_undo_returns_the_move_taken_back(name):
    widget = played(name, moves=2)
    before = widget.history.moves
    taken = widget.undo()
    after = widget.history.moves
    assert before[: len(after)] == after and taken == before[len(after)]
    assert str(widget.game) == str(widget.history[-1].game)


@pytest.mark.parametrize("name", NAMES)
def test_new_game_starts_again(name):
    kind = KINDS[name]
    widget = played(name, moves=2)
    position = widget.position
    widget.goto(0)
    widget.new_game()
    assert not widget.looking_back
    kind.play_again(widget)
    assert len(widget.history) == 1 and not widget.looking_back and widget.position > position
    assert widget.game.moves == []


def test_an_online_seat_says_it_has_no_history(unconnected_seat):
    seat = unconnected_seat
    for look in (lambda: seat.history, lambda: seat.goto(0)):
        with pytest.raises(GameError, match="own view"):
            look()
    assert seat.history_length == 1 and not seat.looking_back


# ----------------------------------------------------------- the computer's reasons
@pytest.mark.parametrize("name", ["loa", "domino"])
def test_the_computer_keeps_the_analysis_of_each_of_its_moves_aligned_with_the_history(name):
    widget = played(name, moves=3)
    history, analyses = widget.history, widget.analyses
    assert len(analyses) == len(history) and analyses[0] is None
    computer = [i for i in range(1, len(history)) if history[i - 1].game.turn == 1]
    assert computer and widget.explained == computer
    for i, step in enumerate(history):
        assert step.analysis is analyses[i]
        if i in computer:  # the analysis chose the very move played, in the position before it
            assert isinstance(analyses[i], Analysis) and analyses[i].move == step.move
            assert history[i - 1].game.is_legal(analyses[i].move)
        else:
            assert analyses[i] is None


@pytest.mark.parametrize("name", ["loa", "domino"])
def test_why_shows_the_analysis_of_the_move_that_led_to_a_position_and_goto_does_too(name):
    widget = played(name, moves=3)
    latest = widget.explained[-1]
    assert widget.why() is widget.analyses[latest]
    assert widget.history_index == latest
    first = widget.explained[0]
    widget.goto(first)
    drawn = widget.overlay
    assert widget.looking_back and drawn == widget._overlay_of(widget.history[first - 1].game, widget.analyses[first])
    widget.goto(0)  # the start: no move led there, nothing is drawn
    assert widget.overlay == {}
    send(widget, type="why", index=first)
    assert widget.history_index == first and widget.overlay == drawn and widget.error == ""
    with pytest.raises(IllegalMove, match="not the computer's"):
        widget.why(0)
    for bad in ("1", True, 2.5):
        send(widget, type="why", index=bad)
        assert "why needs an integer" in widget.error
    send(widget, type="why", index=10_000)
    assert "not in this game" in widget.error


def test_an_undo_drops_the_analyses_of_the_moves_it_takes_back():
    widget = played("loa", moves=2)
    before = list(widget.explained)
    widget.undo()
    assert widget.explained == [i for i in before if i < len(widget.history)]
    assert len(widget.analyses) == len(widget.history)
    widget.watch(None, moves=1, delay=0)  # played again: the new answer has its own analysis
    last = len(widget.history) - 1
    assert widget.explained[-1] == last and widget.analyses[last].move == widget.history[last].move


@pytest.mark.parametrize("name", NAMES)
def test_watched_moves_with_explanations_keep_their_analyses(name):
    widget = KINDS[name].make()
    widget.watch(KINDS[name].analyst(), moves=1, delay=0, explain=True)
    watched = 1
    assert widget.analyses[watched] is not None and widget.analyses[watched].move == widget.history[watched].move
    with pytest.raises(IllegalMove, match="has not played"):
        KINDS[name].make().why()


def test_watch_with_explanations_on_one_device_takes_the_device_first():
    widget = Domino(mode="local", seed=6, store=None)
    assert widget.handoff
    widget.watch(domino.PLAYERS["medium"](), moves=2, delay=0, explain=True)
    assert len(widget.history) == 3 and widget.explained == [1, 2]
