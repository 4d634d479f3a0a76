"""Line 98's players record their decision as a search tree (gamewidgets.search):
the simple players every move they ranked, the expert every move, every next move it
valued under the ones it looked further at and the spawns it drew (chance nodes).
Checked against the analysis and the rules on seeded positions: a searched move is
worth its best next move (the mean of the best over the spawns drawn, with
``samples``), by the expert's own formula, exactly; every node's position can be
made and is the one the search valued; the tree holds nothing the player cannot
see; and recording changes nothing of the decision."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_line98_players import position

from gamewidgets.line98 import PLAYERS, Game, Move
from gamewidgets.line98.expert import ExpertPlayer, SampledPreviews
from gamewidgets.line98.players import BuildPlayer, play_as_foreseen
from gamewidgets.line98.rules import Preview
from gamewidgets.search import DEFAULT_BUDGET, SearchTree

SIMPLE = [name for name in PLAYERS if name not in {"expert", "master"}]  # the two that look further


def free_cells(game: Game) -> int:
    """The free cells the expert values: the empty cells, less those of the previews shown."""
    return int((game.board == 0).sum()) - len(game.previews)


def check_turn(node, before: Game) -> None:
    """``node``'s position is the one its move leads to from ``before``, as the search
    valued it: the points it scored, its free cells, a lost game where the board fills."""
    after = node.game()
    assert after.score - before.score == node.facts["scored"]
    assert after.is_over == (node.kind == "terminal")
    if not after.is_over:
        assert free_cells(after) == node.facts["free cells"]


def check_expert_tree(game: Game, player: ExpertPlayer, analysis, every_game: bool = False) -> None:
    """Every rule of the expert's tree (see the module docstring of gamewidgets.line98.expert)."""
    tree, samples = analysis.tree, player.samples
    assert isinstance(tree, SearchTree) and not tree.cut
    root = tree.root
    seen = root.game()
    assert seen == game and seen.seed == game.view().seed  # the position, as the player sees it
    assert root.score == pytest.approx(analysis.chosen.score, rel=1e-12, abs=1e-12)
    assert root.depth == analysis.stats["depth"] and root.on_pv
    candidates = {c.move: c for c in analysis.candidates}
    assert [n.move for n in root.children] == [Move(divmod(s, 9), divmod(t, 9))
                                               for s, t in game.legal_move_array().tolist()]
    for node in root.children:
        candidate = candidates[node.move]
        assert node.terms == dict(candidate.terms)
        assert node.score == pytest.approx(candidate.score, rel=1e-12, abs=1e-12)
        assert node.facts == {**candidate.facts, "one-move value": pytest.approx(node.score - node.terms["look-ahead"])}
        assert math.isclose(math.fsum(node.terms.values()), node.score, rel_tol=1e-9, abs_tol=1e-9)
        assert node.on_pv == (node.move == analysis.move)
        lost = "full board" in node.terms
        expected = "terminal" if lost else "search" if candidate.facts["searched"] else "leaf"
        assert node.kind == expected
        if every_game or node.kind != "leaf" or node.on_pv:
            check_turn(node, seen)
        if node.kind != "search":
            assert not node.children
            continue
        # the property: a searched move is worth its best next move, by the expert's formula
        before = node.game()
        own = node.terms["points"], node.terms["displaced"]
        if node.children[0].kind == "chance":
            assert len(node.children) == samples and all(c.kind == "chance" for c in node.children)
            best = 0.0
            for k, chance in enumerate(node.children, start=1):
                assert chance.score == max(c.score for c in chance.children)
                assert chance.facts == {"sample": k} and chance.depth == 1
                best += chance.score / samples
                check_spawn(chance, before)
                check_replies(chance, chance.game(), every_game)
                assert chance.on_pv == node.on_pv
        else:
            assert samples == 0 or node.facts["scored"] > 0  # with samples: a clear, the previews still known
            best = max(c.score for c in node.children)
            check_replies(node, before, every_game)
        assert node.score == (best + own[0]) + own[1]
    line = [n.move for n in tree.find(on_pv=True) if n.kind != "chance"]
    assert set(line) == {None, *analysis.pv} and len(analysis.pv) == (2 if root.depth == 2 else 1)


def check_spawn(chance, before: Game) -> None:
    """A chance node holds the previews the expert drew, on free cells, and shows them."""
    drawn = chance.move
    assert isinstance(drawn, SampledPreviews) and len(drawn.previews) == min(3, int((before.board == 0).sum()))
    assert all(isinstance(p, Preview) and before.board[p.cell] == 0 for p in drawn.previews)
    assert not before.previews  # the previews to come after a quiet move are not known
    spawned = chance.game()
    assert spawned.previews == drawn.previews and np.array_equal(spawned.board, before.board)


def check_replies(parent, before: Game, every_game: bool) -> None:
    """The next moves under ``parent``: every legal move of its position, each valued
    with terms that add up, the one the expert settled on marked ``best``."""
    replies = parent.children
    assert [r.move for r in replies] == [Move(divmod(s, 9), divmod(t, 9))
                                         for s, t in before.legal_move_array().tolist()]
    assert sum(r.facts["best"] for r in replies) == 1
    for reply in replies:
        assert reply.kind in ("leaf", "terminal") and reply.depth == 0 and not reply.children
        assert math.isclose(math.fsum(reply.terms.values()), reply.score, rel_tol=1e-9, abs_tol=1e-9)
        assert reply.on_pv == (parent.on_pv and reply.facts["best"])
    shown = replies if every_game else [r for r in replies if r.facts["best"] or r.facts["displaces"]][:4]
    for reply in shown:
        check_turn(reply, before)


# -------------------------------------------------------------- the expert's tree
@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 22), st.sampled_from([0, 2]), st.integers(1, 3))
def test_a_searched_move_is_worth_its_best_next_move(seed, moves, samples, width):
    """Line 98 candidate value = best reply: the searched move's score is the best
    next move's value (with samples: the mean over the spawns drawn of the best under
    each), plus what the move itself scores and its displaced preview, exactly as the
    expert adds them; the tree is what the analysis says and the positions are the
    ones valued."""
    game = position(seed, moves)
    player = ExpertPlayer(seed=seed, width=width, samples=samples)
    analysis = player.analyse(game, trace=True)
    check_expert_tree(game, player, analysis)


@pytest.mark.parametrize("samples", [0, 2])
@pytest.mark.parametrize(("seed", "moves"), [(12, 23), (0, 25)])
def test_every_node_of_a_crowded_position_is_the_position_valued(seed, moves, samples):
    """Every move searched (width above the number of moves): each node's game is made
    and is the board the expert valued — moves that land on a preview (on the second
    board all do: its one free cell holds a preview), a clear whose previews are still
    to come, spawns drawn included."""
    game = position(seed, moves)  # 7 free cells and 27 moves; 1 free cell and 3 moves
    player = ExpertPlayer(seed=1, width=1000, samples=samples)
    analysis = player.analyse(game, trace=True)
    tree = analysis.tree
    moved = tree.root.children
    assert all(n.kind == "search" for n in moved) and len(moved) == len(game.legal_moves())
    if (seed, moves) == (12, 23):
        assert [n.facts["displaces"] for n in moved].count(1) == 12  # land on a preview
        clears = [n for n in moved if n.facts["scored"] and n.game().previews]  # the previews still to come
        assert len(clears) == 1 and clears[0].children[0].kind != "chance"
    else:
        assert all(n.facts["displaces"] and not n.game().board.all() for n in moved)  # a cell left
    check_expert_tree(game, player, analysis, every_game=True)
    quiet = [n for n in moved if n.kind == "search" and not n.game().previews]
    assert len(tree.find(kind="chance")) == samples * len(quiet)


def test_a_preview_landed_on_is_taken_off_and_unknown_previews_are_not_shown():
    game = Game.from_text("\n".join(["RRRRr....", ".........", "....B....", "........g", *["." * 9] * 5]))
    landing = game.copy()
    play_as_foreseen(landing, Move((2, 4), (3, 8)))  # onto the green preview: the red one comes in
    assert landing.score == 10 and not landing.board[0].any() and landing.board[3, 8] == 3
    assert landing.previews == () and (landing.board != 0).sum() == 1  # green went nowhere known
    clearing = Game.from_text("\n".join(["GGGG.....", ".........", "...B.P...", "........G", *["." * 9] * 5]))
    clear_first = clearing.copy()
    play_as_foreseen(clear_first, Move((3, 8), (0, 4)))  # a clear: the previews are still to come, as shown
    assert clear_first.score == 10 and clear_first.previews == tuple(p for p in clearing.previews if p.cell != (0, 4))
    drawn = SampledPreviews((Preview(5, 5, 2), Preview(6, 6, 3)))
    ExpertPlayer.play_in_tree(landing, drawn)
    assert landing.previews == drawn.previews and str(drawn) == "drawn green@(5, 5) blue@(6, 6)"
    with pytest.raises(Exception, match="empty cells"):
        ExpertPlayer.play_in_tree(landing, SampledPreviews((Preview(3, 8, 1),)))


@pytest.mark.parametrize("samples", [0, 2])
def test_the_tree_holds_nothing_the_player_cannot_see(samples):
    """Two games with the same board, previews and score and another future (seeds of
    the game's generator) give the same tree, node games included; so do the game and
    its view, and the game with its generator run on."""
    shown = position(7, 12)
    previews = [(p.row, p.col, p.colour) for p in shown.previews]
    games = [Game.from_board(shown.board, previews, seed=seed, score=shown.score) for seed in (1, 2)]
    quiet = next(m for m in shown.legal_moves() if not shown.copy().play(m).cleared)
    futures = [g.copy() for g in games]
    for future in futures:
        future.play(quiet)
    assert futures[0].previews != futures[1].previews  # the games' next previews differ
    advanced = shown.copy()
    advanced.rng.random(1000)
    trees = [ExpertPlayer(seed=5, width=3, samples=samples).analyse(g, trace=True).tree
             for g in (*games, shown, shown.view(), advanced)]
    assert trees[0].to_rows() == trees[1].to_rows()
    assert trees[2].to_rows() == trees[3].to_rows() == trees[4].to_rows()
    for pair in (trees[:2], trees[2:4], (trees[2], trees[4])):
        for a, b in zip(pair[0], pair[1], strict=True):
            if a.kind != "leaf" or a.on_pv:
                ga, gb = a.game(), b.game()
                assert ga == gb and ga.rng.bit_generator.state == gb.rng.bit_generator.state
    for tree in trees:
        assert all(isinstance(n.move, (Move, SampledPreviews)) for n in tree if n.parent is not None)
    assert trees[2].root.game().rng.bit_generator.state != shown.rng.bit_generator.state


@pytest.mark.parametrize("options", [{"width": 6}, {"samples": 2, "width": 3}])
def test_recording_changes_nothing_of_the_decision(options):
    """trace=False and trace=True: the same analysis (move, candidates, reason, pv,
    stats but time), the same generator afterwards, so the same game played on."""
    game = Game(9)
    quiet, tracing = ExpertPlayer(seed=4, **options), ExpertPlayer(seed=4, trace=True, **options)
    for _ in range(3):
        plain, traced = quiet.analyse(game), tracing.analyse(game)
        assert plain.tree is None and traced.tree is not None
        assert plain == traced and plain.pv == traced.pv and plain.stats["nodes"] == traced.stats["nodes"]
        assert quiet.rng.bit_generator.state == tracing.rng.bit_generator.state
        assert tracing.analyse(game, trace=False).tree is None and quiet.analyse(game, trace=True).tree is not None
        assert quiet.choose(game) == tracing.choose(game)
        game.play(plain.move)


def test_the_budget_cuts_the_record_not_the_decision():
    game = position(7, 10)
    full = ExpertPlayer(seed=2, width=4, samples=2).analyse(game, trace=True)
    cut = ExpertPlayer(seed=2, width=4, samples=2, trace=True, trace_budget=700).analyse(game)
    assert not full.tree.cut and cut.tree.cut and len(cut.tree) == 700 < len(full.tree)
    assert cut == full
    small = ExpertPlayer(seed=2).analyse(game, trace=True, budget=10)
    assert len(small.tree) == 10 and [n.move for n in small.tree.root.children] == \
        [n.move for n in full.tree.root.children[:9]]


def test_the_options_are_checked_and_shown():
    assert repr(ExpertPlayer(seed=1)) == "ExpertPlayer(seed=1, width=16, samples=0)"
    assert repr(ExpertPlayer(seed=1, trace=True, trace_budget=50)) == \
        "ExpertPlayer(seed=1, width=16, samples=0, trace=True, trace_budget=50)"
    assert repr(BuildPlayer(seed=2, trace=True)) == "BuildPlayer(seed=2, trace=True)"
    for cls in PLAYERS.values():
        player = cls(seed=1)
        assert player.trace is False and player.trace_budget == DEFAULT_BUDGET
        with pytest.raises(ValueError, match="trace_budget"):
            cls(trace_budget=0)


# ------------------------------------------------------------- the simple players
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**31), st.integers(0, 22), st.sampled_from(SIMPLE))
def test_a_simple_player_records_every_move_it_ranked(seed, moves, name):
    """One level: the root (its score the chosen move's) and every legal move as a
    leaf, scored and explained as in the analysis, the chosen one marked; tracing
    changes nothing of the decision."""
    game = position(seed, moves)
    analysis = PLAYERS[name](seed=seed, trace=True).analyse(game)
    assert analysis == PLAYERS[name](seed=seed).analyse(game, trace=False)
    tree = analysis.tree
    assert len(tree) == 1 + len(analysis.candidates) and not tree.cut
    assert tree.root.score == analysis.chosen.score and tree.root.depth == 1
    assert tree.root.game() == game and tree.root.game().seed == game.view().seed
    candidates = {c.move: c for c in analysis.candidates}
    assert [n.move for n in tree.root.children] == [Move(divmod(s, 9), divmod(t, 9))
                                                    for s, t in game.legal_move_array().tolist()]
    for node in tree.root.children:
        c = candidates[node.move]
        assert (node.kind, node.score, node.terms, node.facts) == ("leaf", c.score, c.terms, c.facts)
        assert node.on_pv == (node.move == analysis.move)
    chosen, = tree.find(lambda n: n.on_pv and n.parent is not None)
    expected = game.view()
    play_as_foreseen(expected, analysis.move)
    assert chosen.game() == expected
