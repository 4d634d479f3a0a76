"""The search explorer from Python: the rows it sends, what its board shows, the
messages it refuses, ``w.explore(i)``, and ``compare`` (gamewidgets.search_explorer,
gamewidgets.comparison). The view itself: tests/e2e/test_search_explorer_view.py."""
from __future__ import annotations

import math

import numpy as np
import pytest

from gamewidgets.errors import IllegalMove
from gamewidgets.loa.rules import Game as LoaGame
from gamewidgets.mahjong import Game as MahjongGame
from gamewidgets.mahjong.players import RandomPlayer, Solver
from gamewidgets.mahjong.widget import MahjongConnect
from gamewidgets.search import SearchTree, compare
from gamewidgets.search_explorer import SearchExplorer


def loa_tree(levels: int = 2, size: int = 6) -> SearchTree:
    """Every move ``levels`` deep from the start, made-up scores (some missing)."""
    tree = SearchTree(LoaGame(size))
    frontier = [(tree.root, LoaGame(size))]
    for level in range(levels):
        nxt = []
        for node, game in frontier:
            for i, move in enumerate(game.legal_moves()):
                score = None if i % 5 == 4 else float((i * 7) % 11 - 5)
                child = tree.add(node, move, score=score, kind="search" if level < levels - 1 else "leaf")
                after = game.copy()
                after.play(move)
                nxt.append((child, after))
        frontier = nxt
    return tree


class Sent(list):
    """What the outline sends the view."""

    def __call__(self, content, buffers=None):
        self.append(content)


def view_says(explorer: SearchExplorer, content) -> Sent:
    sent = Sent()
    explorer.outline.send = sent
    explorer.outline._on_view_message(explorer.outline, content, [])
    return sent


def test_opening_a_node_sends_its_children_best_first_with_their_search_order_and_sizes():
    tree = loa_tree()
    explorer = SearchExplorer(tree, board=False)
    assert explorer.outline.root_row["children"] == len(tree.root.children)
    assert explorer.outline.root_row["nodes"] == len(tree)
    [message] = view_says(explorer, {"type": "expand", "id": 0})
    rows = message["rows"]
    assert message["type"] == "children" and message["id"] == 0
    assert sorted(row["order"] for row in rows) == list(range(len(tree.root.children)))
    scored = [row["score"] for row in rows if row["score"] is not None]
    assert scored == sorted(scored, reverse=True)
    assert all(row["score"] is None for row in rows[len(scored):])  # the unscored last
    for row in rows:
        node = explorer.outline.node(row["id"])
        assert node is tree.root.children[row["order"]]
        assert row["nodes"] == node.nodes and row["children"] == len(node.children)
        assert row["move"] == str(node.move)
    # a child's children, by the id the view got
    child = rows[0]["id"]
    [deeper] = view_says(explorer, {"type": "expand", "id": float(child)})  # a double, as JavaScript sends it
    assert [explorer.outline.node(r["id"]).parent for r in deeper["rows"]] == \
        [explorer.outline.node(child)] * len(deeper["rows"])


def test_showing_a_node_puts_its_position_on_the_board_and_its_childrens_scores_over_it():
    tree = loa_tree()
    explorer = SearchExplorer(tree)
    assert explorer.board.driven_by == "the search explorer"
    [message] = view_says(explorer, {"type": "expand", "id": 0})
    first = message["rows"][0]["id"]
    assert view_says(explorer, {"type": "show", "id": first}) == []
    node = explorer.outline.node(first)
    assert explorer.shown is node and explorer.outline.shown == first
    assert explorer.board.game.fen() == node.game().fen() != LoaGame(6).fen()
    assert explorer.board.overlay["moves"], "the replies' scores are drawn"
    assert explorer.board.overlay["line"] == [[list(node.move.src), list(node.move.dst)]]
    assert str(node.move) in explorer.outline.status and "on the board" in explorer.outline.status
    # a leaf: no replies to draw, the line from the root still drawn
    leaf = node.children[0]
    explorer.show(leaf)
    assert explorer.board.game.fen() == leaf.game().fen()
    assert explorer.board.overlay["cells"] == [] and "moves" not in explorer.board.overlay
    assert explorer.board.overlay["line"] == [[list(m.src), list(m.dst)] for m in leaf.line()]


@pytest.mark.parametrize("content, says", [
    ({"type": "expand", "id": 10**6}, "no node"),
    ({"type": "expand", "id": True}, "must be an integer"),
    ({"type": "show"}, "must be an integer"),
    ({"type": "open", "id": 0}, "unknown message type"),
    (["expand", 0], "must be an object"),
])
def test_a_bad_message_from_the_view_is_ignored_and_said(content, says):
    explorer = SearchExplorer(loa_tree(1), board=False)
    assert view_says(explorer, content) == []
    assert says in explorer.outline.error
    view_says(explorer, {"type": "expand", "id": 0})
    assert explorer.outline.error == ""


def test_a_tree_is_explored_from_an_analysis_and_needs_one():
    game = MahjongGame(seed=3)
    with pytest.raises(ValueError, match="trace=True"):
        SearchExplorer(Solver().analyse(game))
    with pytest.raises(TypeError, match="Analysis"):
        SearchExplorer("tree")
    analysis = Solver(trace=True).analyse(game)
    explorer = SearchExplorer(analysis)
    assert explorer.tree is analysis.tree and analysis.player in explorer.outline.title
    assert explorer.outline.summary.startswith(f"{len(analysis.tree):,} nodes")


def test_explore_opens_the_kept_analysis_of_a_computer_move_when_its_player_traced():
    w = MahjongConnect(seed=5, store=None)
    with pytest.raises(IllegalMove, match="not played"):
        w.explore()
    w.watch(Solver(), moves=1, delay=0, explain=True)
    with pytest.raises(IllegalMove, match="trace=True"):
        w.explore(1)
    w.watch(Solver(trace=True), moves=1, delay=0, explain=True)
    explorer = w.explore()
    assert explorer.analysis is w.analyses[2] and explorer.tree is w.analyses[2].tree
    assert explorer.tree.root.on_pv and len(explorer.tree) > 1
    with pytest.raises(IllegalMove, match="no analysis"):
        w.explore(0)


def test_compare_puts_two_players_side_by_side_the_widest_disagreement_first():
    game = MahjongGame(seed=11)
    a = Solver().analyse(game)
    b = RandomPlayer(seed=2).analyse(game)
    c = compare(a, b, game=game)
    ranks_a = {str(x.move): i for i, x in enumerate(a.candidates, 1)}
    ranks_b = {str(x.move): i for i, x in enumerate(b.candidates, 1)}
    assert {str(r["move"]) for r in c.rows} == set(ranks_a) & set(ranks_b)
    for row in c.rows:
        assert (row["a_rank"], row["b_rank"]) == (ranks_a[str(row["move"])], ranks_b[str(row["move"])])
        assert row["gap"] == abs(row["a_rank"] - row["b_rank"])
    gaps = [row["gap"] for row in c.rows]
    assert gaps == sorted(gaps, reverse=True)
    assert c.agree == (a.move == b.move)
    if gaps[0]:
        assert c.disagreement is c.rows[0]
    assert a.player in c.summary() and b.player in c.summary()
    assert "<table>" in c._repr_html_() and str(c).splitlines()[0] == c.summary()
    assert all(isinstance(row["move"], str) for row in c.to_rows())
    board = c.show()
    assert board.overlay and np.array_equal(board.game.grid, game.grid)


def test_compare_of_one_analysis_with_itself_agrees_everywhere():
    game = MahjongGame(seed=4)
    a = Solver().analyse(game)
    c = compare(a, a)
    assert c.agree and c.disagreement is None and not c.only_a and not c.only_b
    assert all(row["gap"] == 0 for row in c.rows)
    with pytest.raises(ValueError, match="position"):
        c.show()  # no tree, no game given
    with pytest.raises(TypeError, match="Analysis"):
        compare(a, "b")


def test_a_tree_with_a_score_that_is_not_a_number_sends_none():
    tree = SearchTree(LoaGame(6))
    move = LoaGame(6).legal_moves()[0]
    tree.add(tree.root, move, score=math.inf, kind="terminal")
    explorer = SearchExplorer(tree, board=False)
    [message] = view_says(explorer, {"type": "expand", "id": 0})
    assert message["rows"][0]["score"] is None


def test_a_dominoes_tree_shows_the_deal_a_sample_imagined_and_nothing_above_it():
    from gamewidgets.domino.ai import Hard
    from gamewidgets.domino.rules import Game as DominoGame

    game = DominoGame(seed=3)
    while len(game.legal_moves()) < 2:  # a decision, not a forced move
        game.play(game.legal_moves()[0])
    analysis = Hard(seed=1, samples=4, time_limit=None, trace=True).analyse(game.view(game.turn))
    assert analysis.tree.root.children[0].kind == "sample"
    explorer = SearchExplorer(analysis)
    assert "hidden tiles" in explorer.outline.status  # the root: the seat's view only
    assert explorer.board.layout.display == "none"  # no deal of this tree to show yet
    sample = analysis.tree.root.children[0]
    explorer.show(sample)
    assert explorer.board.layout.display is None
    imagined = sample.game().game
    assert explorer.board.game.to_dict() == imagined.to_dict() and "on the board" in explorer.outline.status


def test_explore_opens_the_search_behind_the_lines_of_action_computers_move():
    from gamewidgets.loa.widget import LinesOfAction

    w = LinesOfAction(store=None, seed=0, ai={"trace": True, "time_limit": None, "max_depth": 2})
    w.start(6, "hard")
    w.play(w.game.legal_moves()[0])  # no event loop here: the computer answers at once
    explorer = w.explore()
    analysis = w.analyses[2]
    assert explorer.tree is analysis.tree and len(analysis.tree) == analysis.stats["iteration_nodes"]
    assert explorer.board.game.fen() == w.history[1].game.fen()  # the root: the position it searched
    pv = explorer.tree.find(on_pv=True)
    assert pv[0] is explorer.tree.root and pv[1].move == analysis.move


def test_dominoes_levels_take_the_trace_option_from_the_widget_and_explore_their_moves():
    from gamewidgets.domino.widget import Domino

    options = {"trace": True, "samples": 10, "time_limit": None}
    w = next(w for seed in range(20) if (w := Domino(seed=seed, level="hard", ai=options, store=None)).explained)
    index = w.explained[-1]
    explorer = w.explore(index)
    assert explorer.tree is w.analyses[index].tree and explorer.tree.root.on_pv
    with pytest.raises(ValueError, match="no level takes"):
        Domino(ai={"traced": True}, store=None)


def displayed(explorer: SearchExplorer, monkeypatch) -> list[dict]:
    """The outputs IPython puts out for ``explorer`` left last in a cell."""
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, **kwargs: shown.append(data))
    explorer._ipython_display_()
    return shown


def test_the_explorer_puts_out_the_picture_of_its_board_then_itself(monkeypatch):
    explorer = SearchExplorer(loa_tree(levels=1))
    picture, view = displayed(explorer, monkeypatch)
    assert picture["image/svg+xml"] == explorer.board.picture_svg()
    assert f'data-gamewidgets-model="{explorer.board.picture_id}"' in picture["text/html"]
    assert view["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.model_id


def test_an_explorer_whose_board_is_hidden_puts_out_no_picture(monkeypatch):
    from gamewidgets.domino.ai import Hard
    from gamewidgets.domino.rules import Game as DominoGame

    game = DominoGame(seed=3)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    explorer = SearchExplorer(Hard(seed=1, samples=4, time_limit=None, trace=True).analyse(game.view(game.turn)))
    [view] = displayed(explorer, monkeypatch)
    assert view["application/vnd.jupyter.widget-view+json"]["model_id"] == explorer.model_id
    [outline_only] = displayed(SearchExplorer(loa_tree(levels=1), board=False), monkeypatch)
    assert "image/svg+xml" not in outline_only
