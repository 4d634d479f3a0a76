"""The Lines of Action players' search recorded as a tree (``analyse(game, trace=True)``),
checked against the search and the rules on random small positions: the tree is the
iteration behind the decision (as many nodes as it searched), every interior node's
score is the negamax of its children's, every leaf is its position's evaluation, every
end a finished game, the principal variation is marked, and recording changes nothing
of the decision."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.loa import Game, generate
from gamewidgets.loa.ai import LEVELS, WIN, Hard, Medium, Weights, evaluate
from gamewidgets.search import KINDS, SearchTree

STATIC = ("concentration", "centralisation", "quads")
MOBILITY = Weights().mobility
#: levels with a clock-free budget: (name, max_depth); hard and insane only differ in their clocks
SETTINGS = [("easy", None), ("medium", None), ("hard", 2), ("hard", 3), ("insane", 3)]
#: a seed whose first draw, the one deciding on a random move, is above every level's share
SEED = 0
WIN_FOR_FIRST = """
    . . . . . .
    . . . . . o
    . x . . . .
    . . . . . .
    . x . . . .
    o . . . . .
"""  # x connects with b2-a3, b4-a3 or b4-c3
MIXED = "1xx1x1/4o1/ox3o/ox3o/oo3o/2xxx1 o 7"  # hard with 3000 nodes proves a better move at depth 4 unfinished


def test_the_seed_draws_no_random_move():
    assert random.Random(SEED).random() > max(cls.random_share for cls in LEVELS.values())


def played(size, plies, seed):
    """A position after ``plies`` random moves (fewer if the game would end)."""
    rng = random.Random(seed)
    game = Game(size)
    for _ in range(plies):
        game.play(rng.choice(game.legal_moves()))
        if game.is_over:
            game.undo()
            break
    return game


def player(level, depth, **options):
    options.setdefault("time_limit", None)
    if depth is not None:
        options["max_depth"] = depth
    return LEVELS[level](seed=SEED, **options)


def last_search(node):
    """The children that the node's last search made (a position searched again, with
    another window or depth, has children from each search)."""
    passes = node.facts.get("passes", 1)
    return [child for child in node.children if child.facts.get("pass", 1) == passes]


# ------------------------------------------------------------ the checks
def check_size(analysis, tree):
    assert isinstance(tree, SearchTree) and not tree.cut
    assert len(tree) == analysis.stats["iteration_nodes"] == sum(1 for _ in tree)
    assert analysis.stats["iteration_nodes"] <= analysis.stats["nodes"] + 1  # the root is no move searched
    root = tree.root
    assert root.depth == analysis.stats["depth"] and root.kind == "search"
    assert root.score == analysis.chosen.score and root.bound == analysis.chosen.bound
    for node in tree:
        assert node.kind in KINDS and node.score is not None and "unfinished" not in node.facts
        if node.kind == "leaf":
            assert node.depth == 0 and not node.children
        elif node.kind in ("search", "cutoff"):
            assert node.depth >= 1 and node.children
    # the root's children: every root move once, a ply less to go
    assert sorted(str(c.move) for c in root.children) == sorted(str(m) for m in tree.game.legal_moves())
    assert all(c.depth == root.depth - 1 for c in root.children)
    # the candidates' scores are the root children's
    scores = {str(c.move): c.score for c in analysis.candidates}
    assert all(scores[str(c.move)] == c.score for c in root.children)


def check_negamax(tree):
    """A node's score is for the side that moved into it: its side to move's value is
    the best of its children's scores, so the node's score is minus that."""
    root = tree.root
    assert root.score == max(c.score for c in root.children)
    for node in tree:
        if node is root or node.kind not in ("search", "cutoff"):
            continue
        children = last_search(node)
        assert children, node
        best = max(c.score for c in children)
        assert node.score == -best, node
        moves = len(node.game().move_list())
        if node.kind == "cutoff":  # stopped at the move that refuted the mover: the last one searched
            assert node.bound == "upper" and children[-1].score == best and len(children) <= moves
        else:  # every move searched
            assert len(children) == moves
        if node.bound == "exact":
            assert any(c.score == best and c.bound == "exact" for c in children), node
        if node.facts.get("extension"):  # the opponent's replies to a leaf searched too
            assert node.depth == 1 and node.parent.depth == 1


def check_leaves(tree):
    """A leaf's terms are its evaluation for the side that moved into it: the position's
    pieces, and the mobility the search counts at a leaf, from the two positions before
    it (at the root: the root's moves of either side)."""
    for leaf in tree.find(kind="leaf"):
        assert set(leaf.terms) == {*STATIC, "mobility"}
        assert math.fsum(leaf.terms.values()) == leaf.score
        game = leaf.game()
        assert not game.is_over or game.outcome().reason == "no-moves"  # the search does not look for that
        evaluation = evaluate(game)  # for the side to move: the mover's opponent
        assert {t: leaf.terms[t] for t in STATIC} == {t: -evaluation[t] for t in STATIC}
        parent = leaf.parent
        before = parent.game()
        if parent.parent is None:
            pieces = before.pieces
            moves = len(before.move_list()) - len(generate(pieces[before.turn ^ 1], pieces[before.turn], before.size))
        else:
            moves = len(before.move_list()) - len(parent.parent.game().move_list())
        assert leaf.terms["mobility"] == MOBILITY * moves


def check_ends(tree):
    for node in tree.find(kind="terminal"):
        game = node.game()
        outcome = game.outcome()
        assert outcome is not None and list(node.terms) == [{1: "win", -1: "loss", 0: "draw"}[
            (node.score > 0) - (node.score < 0)]]
        assert math.fsum(node.terms.values()) == node.score and node.bound == "exact"
        mover = game.turn ^ 1
        if node.score == 0:
            assert outcome.winner is None
        else:  # sooner is better: the score counts the plies to the end
            assert outcome.winner == (mover if node.score > 0 else game.turn)
            assert abs(node.score) == WIN - node.level
    for node in tree.find(kind="transposition"):
        assert node.facts["table_depth"] >= node.depth


def check_line(analysis, tree):
    marked = tree.find(on_pv=True)
    assert marked[0] is tree.root
    line = tuple(node.move for node in marked[1:])
    assert line == analysis.pv[:len(line)] and line[0] == analysis.move
    for node in marked[1:]:
        assert node.parent.on_pv and sum(c.on_pv for c in node.parent.children) == 1
    assert marked[1].score == analysis.chosen.score


def check_all(analysis):
    assert not analysis.stats["random"]
    tree = analysis.tree
    check_size(analysis, tree)
    check_negamax(tree)
    check_leaves(tree)
    check_ends(tree)
    check_line(analysis, tree)


# ------------------------------------------------------------ the tests
@settings(max_examples=25, deadline=None)
@given(setting=st.sampled_from(SETTINGS), size=st.sampled_from([6, 6, 7]), plies=st.integers(0, 40),
       seed=st.integers(0, 10**6))
def test_the_tree_is_the_search_that_decided(setting, size, plies, seed):
    game = played(size, plies, seed)
    analysis = player(*setting).analyse(game, trace=True)
    check_all(analysis)
    assert analysis == player(*setting).analyse(game)  # tracing changes nothing of the decision
    assert analysis.tree.root.game().fen() == game.fen()


@settings(max_examples=20, deadline=None)
@given(setting=st.sampled_from(SETTINGS), size=st.sampled_from([6, 7, 8]), plies=st.integers(0, 40),
       seed=st.integers(0, 10**6), nodes=st.none() | st.integers(200, 3000))
def test_tracing_off_gives_the_same_analysis(setting, size, plies, seed, nodes):
    game = played(size, plies, seed)
    options = {"max_nodes": nodes} if nodes else {}
    traced = player(*setting, **options).analyse(game, trace=True)
    plain = player(*setting, **options).analyse(game)
    assert plain.tree is None and traced.tree is not None
    assert traced == plain and traced.stats["nodes"] == plain.stats["nodes"]
    assert [(c.move, c.score, c.bound, c.terms, c.facts) for c in traced.candidates] == \
        [(c.move, c.score, c.bound, c.terms, c.facts) for c in plain.candidates]
    assert len(traced.tree) == plain.stats["iteration_nodes"]
    assert player(*setting, **options).choose(game) == plain.move


def test_a_deeper_search_records_re_searches_reductions_and_extensions():
    game = played(6, 12, 5)
    analysis = Hard(seed=SEED, time_limit=None, max_depth=4).analyse(game, trace=True)
    check_all(analysis)
    tree = analysis.tree
    again = tree.find(lambda n: n.facts.get("passes", 1) > 1)
    assert again and all(any(c.facts.get("pass") == n.facts["passes"] for c in n.children) or n.kind != "search"
                         for n in again)
    assert tree.find(kind="cutoff") and tree.find(kind="transposition")
    assert len(tree.to_rows()) == len(tree)


def test_an_immediate_win_is_a_terminal_child_of_the_root():
    game = Game.from_text(WIN_FOR_FIRST)
    analysis = Medium(seed=SEED).analyse(game, trace=True)
    check_all(analysis)
    tree = analysis.tree
    assert tree.root.depth == 1 == analysis.stats["depth"]  # a win on the board: one ply, every move
    chosen, = [c for c in tree.root.children if c.on_pv]
    assert chosen.move == analysis.move and chosen.kind == "terminal"
    assert chosen.terms == {"win": WIN - 1} == {"win": tree.root.score}
    assert len(tree.find(kind="terminal")) >= 3  # b2-a3, b4-a3, b4-c3


def test_an_unfinished_iteration_that_changed_the_decision_is_the_tree():
    game = Game.from_fen(MIXED)
    analysis = Hard(seed=SEED, time_limit=None, max_nodes=3000).analyse(game, trace=True)
    assert "unfinished" in analysis.reason
    tree = analysis.tree
    root = tree.root
    assert root.facts["unfinished"] and root.depth == analysis.stats["depth"] + 1
    assert len(tree) == analysis.stats["iteration_nodes"]
    assert root.score == analysis.chosen.score and tree.find(lambda n: n.facts.get("unfinished") and n is not root)
    deeper = {str(c.move): c.score for c in analysis.candidates if c.facts["depth"] == root.depth}
    done = {str(c.move): c.score for c in root.children if not c.facts.get("unfinished")}
    assert deeper and all(done[move] == score for move, score in deeper.items())


def test_the_budget_cuts_the_record_not_the_decision():
    game = played(6, 8, 3)
    plain = Hard(seed=SEED, time_limit=None, max_depth=3).analyse(game)
    cut = Hard(seed=SEED, time_limit=None, max_depth=3, trace=True, trace_budget=50).analyse(game)
    assert cut == plain and len(cut.tree) == 50 and cut.tree.cut
    assert len(Hard(seed=SEED, time_limit=None, max_depth=3).analyse(game, trace=True, budget=60).tree) == 60


def test_the_trace_options():
    game = played(6, 4, 2)
    traced = Hard(seed=SEED, time_limit=None, max_depth=2, trace=True)
    assert traced.trace and traced.analyse(game).tree is not None
    assert traced.analyse(game, trace=False).tree is None
    assert traced.choose(game) == traced.analyse(game).move
    assert repr(traced) == f"Hard(seed={SEED})"
    with pytest.raises(ValueError, match="trace_budget"):
        Hard(trace_budget=0)
    with pytest.raises(ValueError, match="budget"):
        Hard(seed=SEED, time_limit=None, max_depth=2).analyse(game, trace=True, budget=0)
