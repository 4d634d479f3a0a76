"""A search as a tree (gamewidgets.search): the tree itself (building, budget, reading),
and the Mahjong solver's clearing search recorded in it, checked against the rules on
random small layouts: a node's children are its position's removable pairs where the
search tried them all, its score is what its children say, the marked line clears the
board, and recording changes nothing of the decision."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamewidgets.mahjong import Game
from gamewidgets.mahjong.players import Solver
from gamewidgets.search import SearchTree


class Counter:
    """A game of one number: a move adds to it."""

    def __init__(self, value=0):
        self.value = value

    def copy(self):
        return Counter(self.value)

    def play(self, move):
        self.value += move


def small_tree(budget=100):
    tree = SearchTree(Counter(), budget=budget)
    a = tree.enter(1)
    tree.enter(10)
    tree.leave(kind="leaf", score=2.0, terms={"x": 1.5, "y": 0.5})
    tree.enter(20)
    tree.leave(kind="cutoff", score=-1.0, bound="upper")
    tree.leave(score=2.0)
    tree.enter(2)
    tree.leave(kind="terminal", score=-5.0)
    return tree, a


def test_a_tree_built_as_a_search_recurses():
    tree, a = small_tree()
    assert len(tree) == 5 == tree.root.nodes and a.nodes == 3 and not tree.cut
    assert [n.move for n in tree] == [None, 1, 10, 20, 2]  # the order searched
    leaf, = tree.find(kind="leaf")
    assert repr(leaf) == "<Node 10 [leaf] 2, 0 children>"
    assert tree.line(leaf) == (1, 10) and leaf.level == 2 and leaf.game().value == 11
    assert tree.root.game().value == 0  # the position searched, kept as it was
    assert [n.move for n in tree.find(lambda n: n.score is not None and n.score < 0)] == [20, 2]
    tree.mark_line([1, 10])
    assert [n.move for n in tree.find(on_pv=True)] == [None, 1, 10]
    rows = tree.to_rows()
    assert rows[2] == {"id": 2, "parent": 1, "level": 2, "move": "10", "kind": "leaf", "score": 2.0,
                       "bound": "exact", "depth": None, "on_pv": True, "nodes": 1, "x": 1.5, "y": 0.5}
    text = str(tree)
    assert text.splitlines()[0] == "search tree: 5 nodes" and "  20 [cutoff] ≤-1" in text and "10 [leaf] 2 *" in text


def test_the_budget_cuts_the_record_not_the_search():
    tree, _ = small_tree(budget=3)
    assert len(tree) == 3 and tree.cut
    assert [n.move for n in tree] == [None, 1, 10]  # what came later is not recorded, nor under it
    assert "cut by its budget" in str(tree)


def test_what_a_node_cannot_be_is_refused():
    tree, a = small_tree()
    with pytest.raises(ValueError, match="do not add up"):
        tree.update(a, score=3.0, terms={"x": 1.0})
    with pytest.raises(ValueError, match="kind"):
        tree.update(a, kind="guess")
    with pytest.raises(TypeError, match="no 'move'"):
        tree.update(a, move=3)
    with pytest.raises(ValueError, match="budget"):
        SearchTree(Counter(), budget=0)
    with pytest.raises(LookupError, match="without enter"):
        SearchTree(Counter()).leave()


@st.composite
def small_layouts(draw):
    """A small layout of a few kinds of tile (pairs of each), some cells empty: many
    have dead ends, some cannot be cleared at all."""
    rows, cols = draw(st.sampled_from([(2, 4), (3, 4), (4, 4), (3, 6), (4, 5)]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    kinds = ["D1", "D2", "D3", "D4", "D5", "D6"][:draw(st.integers(2, 6))]
    tiles = []
    for _ in range(rows * cols // 2 - draw(st.integers(0, 2))):
        tiles += [rng.choice(kinds)] * 2
    tiles += [None] * (rows * cols - len(tiles))
    rng.shuffle(tiles)
    return Game.from_grid([tiles[r * cols:(r + 1) * cols] for r in range(rows)])


def check_tree(game, max_nodes=5000):
    """The solver's traced analysis of ``game`` against the rules and its plain one."""
    plain = Solver(max_nodes=max_nodes).analyse(game)
    traced = Solver(max_nodes=max_nodes).analyse(game, trace=True)
    assert traced == plain and plain.tree is None  # recording changes nothing of the decision
    tree = traced.tree
    assert len(tree) == sum(1 for _ in tree) and not tree.cut
    for node in tree:
        position = node.game()
        assert node.score in (1.0, -1.0), node.describe()
        if node.kind == "terminal":
            assert position.tiles_left == 0 and node.score == 1.0
        if node.kind in ("dead end", "transposition"):
            assert node.score == -1.0
        if node.kind == "dead end":  # every pair of the position was tried, each failed
            assert sorted(str(c.move) for c in node.children) == sorted(str(m) for m in position.legal_moves())
            assert all(c.score == -1.0 for c in node.children)
        if node.score == 1.0 and node.kind != "terminal":  # cleared from here: by one of its children
            assert any(c.score == 1.0 for c in node.children)
        for child in node.children:  # every move of the tree is a legal removal where it is played
            assert any(str(m) == str(child.move) for m in position.legal_moves())
    assert tree.root.score == (1.0 if traced.stats["verdict"] == "solved" else -1.0)
    if traced.pv:
        line = [n for n in tree if n.on_pv]
        assert tuple(n.move for n in line[1:]) == traced.pv
        assert line[-1].game().tiles_left == 0  # the marked line clears the board
    return {node.kind for node in tree} | {traced.stats["verdict"]}


@settings(max_examples=40, deadline=None)
@given(small_layouts())
def test_the_solvers_tree_is_its_search(game):
    if game.legal_moves():
        check_tree(game)


def hard_layouts(tries=6000):
    """Full layouts of many kinds drawn from seeds, kept when the search meets a dead
    end or a transposition, or proves the layout cannot be cleared (rare: about 1 in
    30), until there are 8, 2 of them unclearable."""
    found, unclearable = [], 0
    for seed in range(tries):
        rng = random.Random(seed)
        rows, cols = rng.choice([(4, 4), (3, 6)])
        kinds = [f"D{n}" for n in range(1, rng.randint(5, 8) + 1)]
        tiles = []
        for _ in range(rows * cols // 2):
            tiles += [rng.choice(kinds)] * 2
        rng.shuffle(tiles)
        game = Game.from_grid([tiles[r * cols:(r + 1) * cols] for r in range(rows)])
        if not game.legal_moves():
            continue
        analysis = Solver().analyse(game, trace=True)
        hard = analysis.stats["verdict"] == "unsolvable"
        if hard or {"dead end", "transposition"} & {n.kind for n in analysis.tree}:
            if hard or len(found) - unclearable < 6:
                found.append(game)
                unclearable += hard
            if len(found) >= 8 and unclearable >= 2:
                break
    return found


def test_dead_ends_and_unclearable_layouts_are_recorded_as_the_rules_say():
    layouts = hard_layouts()
    assert len(layouts) >= 8
    seen = set().union(*(check_tree(game) for game in layouts))
    assert {"dead end", "transposition", "unsolvable", "solved"} <= seen, seen


def test_a_traced_decision_prints_and_tabulates():
    game = Game.from_grid([["D4", "D3", "D1", "D2"], ["D3", "D4", "D2", "D4"], ["D2", "D4", "D3", "D1"],
                           ["D4", "D3", "D4", "D2"]])
    analysis = Solver().analyse(game, trace=True)
    tree = analysis.tree
    assert tree.find(kind="dead end")  # this layout has a wrong first pair
    rows = tree.to_rows()
    assert len(rows) == len(tree) and rows[0]["parent"] is None and rows[0]["score"] == 1.0
    assert "[dead end] -1" in tree.outline(levels=20)
    small = Solver().analyse(game, trace=True, budget=4).tree
    assert len(small) == 4 and small.cut
