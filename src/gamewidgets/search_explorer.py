"""The search explorer: a computer player's search tree (:mod:`gamewidgets.search`) to
click through in a notebook, beside the game's own board.

    analysis = Hard(trace=True).analyse(game)       # or w.explore(i) on a game widget
    SearchExplorer(analysis)

It is an ``ipywidgets.Box`` of two widgets: ``outline`` (:class:`SearchOutline`, the
tree as an outline: js/explorer) and ``board`` (the game's own widget, played by "the
search explorer": it takes no moves, its history slider and settings still work).
``explorer.show(node)`` (a :class:`~gamewidgets.search.Node` or its id) shows a node
on the board: its position, the scores of its children drawn as the game draws an
analysis (when they are moves of the game), and the line from the root in the
outline's status; ``explorer.shown`` is that node. ``explorer.outline.node(i)`` is the
node the view calls ``i``.

Choices where the issue is silent:

- Lazy: the view starts with the root and its children (in the widget's state, so it
  opens without a round trip); opening any other node asks Python
  for that node's children (``{"type": "expand", "id": i}``, answered by a custom
  message ``{"type": "children", "id": i, "rows": [...]}``), so a tree of any size
  opens at once and an expansion costs the node's children only. The subtree sizes
  are counted once, when the explorer is made (one pass over the tree).
- The outline lists a node's children best first for the side that chooses there
  (a node's score is for the side that made its move, as an analysis's candidates
  are), those without a score last, each with its place in the search's own order
  ("#3": searched third). Colour: the score among its siblings, red (worst) to green
  (best); a bound is written "≤" / "≥"; the line the search settled on is marked.
- The board draws the line from the root to the node shown as numbered amber
  arrows, where its moves go from one cell to another (Lines of Action, Line 98: the
  overlay's ``line``, js/lib/overlay.js); its history slider walks that line too.
- Selecting a node (a click, or the arrows) shows its details (kind, depth, size,
  terms and facts) under the outline; showing it on the board takes a click on the
  row or Enter (the board is a whole game widget: made once, updated per node).
- Dominoes: a node above any sample has no position a board can show (the other
  hand is hidden): the board is hidden and the status says why; a sample, and every
  node under it, shows the deal that sample imagined.
- A node whose position cannot be made (a tree built by hand without a game, a move
  its play function refuses) or shown on the board says so in the status, and the
  board keeps the last position it showed.
"""

from __future__ import annotations

import math
from importlib import resources
from typing import Any

import anywidget
import ipywidgets  # type: ignore[import-untyped]
import traitlets

from ._widget import view_source
from .analysis import Analysis, Candidate
from .errors import BadMessage
from .how_to_play import HowToPlay
from .picture_output import SHOWN
from .search import Node, SearchTree
from .untrusted import integer, short_repr
from .view_messages import ViewMessages

__all__ = ["BOARD_DRIVER", "SearchExplorer", "SearchOutline", "board_for"]

#: who plays the explorer's board (its "Played by ..." line)
BOARD_DRIVER = "the search explorer"


def _help() -> HowToPlay:
    text = resources.files("gamewidgets").joinpath("search_explorer.md").read_text(encoding="utf-8")
    return HowToPlay("explorer", text)


def _plain(value: Any) -> Any:
    """A fact as JSON can carry it (a tile, a cell: their text)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


def _score_key(node: Node) -> tuple[bool, float]:
    score = node.score
    usable = score is not None and math.isfinite(score)
    return (not usable, -score if usable else 0.0)  # type: ignore[operator]


class SearchOutline(ViewMessages, anywidget.AnyWidget):
    """The tree as an outline, lazily expanded (see the module docstring)."""

    _esm = view_source("explorer")
    title = traitlets.Unicode("").tag(sync=True)
    summary = traitlets.Unicode("", help="the tree in one line: its nodes, whether a budget cut it").tag(sync=True)
    root_row = traitlets.Dict(help="the root, as a row of the outline").tag(sync=True)
    root_children: traitlets.List[dict[str, Any]] = traitlets.List(
        help="the root's children, as rows: the view opens the root without asking").tag(sync=True)
    shown = traitlets.Int(-1, help="the id of the node the board shows; -1 for none").tag(sync=True)
    status = traitlets.Unicode("", help="what the board shows, or why it does not").tag(sync=True)
    error = traitlets.Unicode("", help="why the last message from the view was ignored").tag(sync=True)
    how_to_play: traitlets.List[dict[str, Any]] = traitlets.List(
        help="how to read the explorer, for its Rules panel (the ? key)").tag(sync=True)
    # read by the shared view shell (js/lib/shell.js), as for the game views
    storage = traitlets.Dict({"state": "memory", "message": ""}).tag(sync=True)
    driven_by = traitlets.Unicode("").tag(sync=True)
    picture_id = traitlets.Unicode("").tag(sync=True)

    def __init__(self, tree: SearchTree, *, title: str = "", on_show: Any = None, **kwargs: Any):
        super().__init__(**kwargs)
        self.tree = tree
        self._on_show = on_show
        order = list(tree)
        self._sizes = tree.subtree_sizes(order)
        self._nodes: list[Node] = [tree.root]  # id -> node, in the order the view asked for them
        self._ids: dict[int, int] = {id(tree.root): 0}
        self.title = title or "Search tree"
        self.summary = (f"{len(order):,} nodes" + (" (cut by its budget: the search went on)" if tree.cut else ""))
        self.how_to_play = list(_help().blocks)
        self.root_row = self._row(tree.root, 0)
        self.root_children = self.children_rows(tree.root)
        self.on_msg(self._on_view_message)

    # ------------------------------------------------------------ the rows
    def node(self, node_id: int) -> Node:
        """The node the view calls ``node_id``."""
        if isinstance(node_id, bool) or not isinstance(node_id, int) or not 0 <= node_id < len(self._nodes):
            raise LookupError(f"no node {short_repr(node_id)} has been sent to the view")
        return self._nodes[node_id]

    def id_of(self, node: Node) -> int:
        """The id the view knows ``node`` by (given now if it had none)."""
        key = id(node)
        if key not in self._ids:
            if node.tree is not self.tree:
                raise LookupError(f"{node!r} is not a node of this tree")
            self._ids[key] = len(self._nodes)
            self._nodes.append(node)
        return self._ids[key]

    def children_rows(self, node: Node) -> list[dict[str, Any]]:
        """The rows of ``node``'s children, best first (see the module docstring)."""
        searched = {id(child): i for i, child in enumerate(node.children)}
        ordered = sorted(node.children, key=_score_key)
        return [self._row(child, searched[id(child)]) for child in ordered]

    def _row(self, node: Node, order: int) -> dict[str, Any]:
        score = node.score if node.score is not None and math.isfinite(node.score) else None
        return {
            "id": self.id_of(node), "move": "root" if node.parent is None else str(node.move), "order": order,
            "kind": node.kind, "score": score, "bound": node.bound, "depth": node.depth, "pv": node.on_pv,
            "nodes": self._sizes[id(node)], "children": len(node.children),
            "terms": {str(k): float(v) for k, v in node.terms.items()}, "facts": _plain(dict(node.facts)),
        }

    # ------------------------------------------------------------ messages
    def _handle_view_message(self, content: dict[str, Any]) -> None:
        kind = content.get("type")
        if kind not in ("expand", "show"):
            raise BadMessage(f"unknown message type {short_repr(kind)} (known: expand, show)")
        node_id = integer(content.get("id"), f"{kind}'s node id", error=BadMessage)  # 2.0 from JavaScript is 2
        try:
            node = self.node(node_id)
        except LookupError as exc:
            raise BadMessage(str(exc)) from None
        if kind == "expand":
            self.send({"type": "children", "id": node_id, "rows": self.children_rows(node)})
        elif self._on_show is not None:
            self._on_show(node)


class SearchExplorer(ipywidgets.Box):
    """``SearchExplorer(analysis)`` (or a :class:`~gamewidgets.search.SearchTree`): the
    outline beside the game's board; see the module docstring. ``board=False``: the
    outline alone."""

    def __init__(self, analysis: Analysis | SearchTree, *, board: bool = True, **kwargs: Any):
        if isinstance(analysis, Analysis):
            tree = analysis.tree
            if tree is None:
                raise ValueError(f"{analysis.player}'s analysis has no search tree: analyse with trace=True "
                                 "(or make the player with trace=True)")
            title = f"{analysis.player}: {analysis.move}"
        elif isinstance(analysis, SearchTree):
            tree, title = analysis, ""
        else:
            raise TypeError(f"SearchExplorer takes an Analysis with a tree or a SearchTree, not {short_repr(analysis)}")
        self.tree = tree
        self.analysis = analysis if isinstance(analysis, Analysis) else None
        self.outline = SearchOutline(tree, title=title, on_show=self.show)
        self.board = board_for(tree.game) if board else None
        self.shown: Node | None = None
        parts = [self.outline] if self.board is None else [self.outline, self.board]
        self.outline.layout = ipywidgets.Layout(flex="1 1 340px", min_width="280px", max_width="560px",
                                                margin="0 12px 12px 0")
        if self.board is not None:
            self.board.layout = ipywidgets.Layout(flex="1 1 360px", min_width="280px")
        super().__init__(parts, layout=ipywidgets.Layout(display="flex", flex_flow="row wrap", align_items="flex-start",
                                                         width="100%"), **kwargs)
        self.show(tree.root)

    def _ipython_display_(self) -> None:
        """Shown by IPython: the explorer, after the picture of its board, for places that
        cannot run widgets (:mod:`gamewidgets.picture_output`; the board's view hides it
        once it renders). No picture while the board is hidden or there is none."""
        if self.board is None or self.board.layout.display == "none":
            from IPython.display import display

            display(self._repr_mimebundle_(), raw=True)
        else:
            SHOWN.display(self.board, view=self)

    def show(self, node: Node | int) -> None:
        """Show ``node`` (or the node the view calls so) on the board: see the module docstring."""
        if not isinstance(node, Node):
            node = self.outline.node(node)
        node_id = self.outline.id_of(node)
        line_text = " ".join(str(m) for m in node.line())
        where = f"after {line_text}" if line_text else "the position searched"
        self.shown = node
        if self.board is None:
            self.outline.shown, self.outline.status = node_id, f"{node.describe()}: {where}"
            return
        try:
            game = _on_the_board(node.game())
            if game is None:  # the board is hidden until it has something of this tree to show
                self.board.layout.display = "none"
                self.outline.shown = node_id
                self.outline.status = (f"{node.describe()}: no board (it would need the hidden tiles: open a "
                                       "sample, whose imagined deal the board shows)")
                return
            self.board.layout.display = None
            with self.board.hold_sync():
                self.board._driven_start(game)
                overlay = _overlay(self.board, game, node)
                line = _line_arrows(node)
                self.board.overlay = {**overlay, "line": line} if overlay or not line else {
                    "title": f"the line from the root: {line_text}", "cells": [], "line": line}
        except Exception as exc:  # a position the board cannot show: say so, keep the last one
            self.outline.shown = node_id
            self.outline.status = f"{node.describe()}: not shown on the board ({type(exc).__name__}: {exc})"
            return
        self.outline.shown, self.outline.status = node_id, f"{node.describe()}: on the board, {where}"


def board_for(game: Any) -> Any:
    """A new widget of ``game``'s own kind, played by the explorer (None: no widget shows
    that kind of game); it does not show ``game`` yet."""
    from . import widget_class

    package = type(_on_the_board(game) or game).__module__.split(".")
    try:
        cls = widget_class(package[1] if len(package) > 1 else "")
    except ValueError:
        return None
    return cls(store=None, driven_by=BOARD_DRIVER)


def _on_the_board(position: Any) -> Any:
    """What the board shows of a node's position: the position, or for a seat's position
    in a game with hidden tiles (Dominoes' SeatPosition: ``view``, ``game``) the deal
    its sample imagined (None above any sample: nothing a board can show)."""
    if hasattr(position, "view") and hasattr(position, "game"):
        return position.game
    return position


def _line_arrows(node: Node) -> list[list[list[int]]]:
    """The moves from the root to ``node`` that go from one cell to another (Lines of
    Action's, Line 98's), as the overlay's ``line``: [[[row, col], [row, col]], ...]."""
    arrows = []
    for move in node.line():
        ends = [getattr(move, name, None) for name in ("src", "dst")]
        if ends[0] is None:
            ends = [getattr(move, name, None) for name in ("source", "target")]
        if ends[0] is not None and ends[1] is not None:
            arrows.append([[int(v) for v in ends[0]], [int(v) for v in ends[1]]])
    return arrows


def _overlay(board: Any, game: Any, node: Node) -> dict[str, Any]:
    """``node``'s children drawn on ``game`` as the board draws an analysis ({} when they
    are not moves of the game, or have no scores)."""
    scored = [c for c in node.children if c.score is not None and math.isfinite(c.score) and c.kind not in
              ("sample", "chance")]
    if not scored:
        return {}
    candidates = tuple(Candidate(c.move, float(c.score), dict(c.terms), {}, c.bound)  # type: ignore[arg-type]
                       for c in sorted(scored, key=_score_key))
    analysis = Analysis(player="search", move=candidates[0].move, candidates=candidates,
                        reason=f"the {len(scored)} moves searched from here", stats={"depth": node.depth})
    try:
        return board._overlay_of(game, analysis)
    except (TypeError, ValueError):  # children that are not moves of this game
        return {}
