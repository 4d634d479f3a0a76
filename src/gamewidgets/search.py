"""A computer player's search as a tree you can walk: which positions it looked at, in
what order, what each was worth and why it stopped there. The same shape in every game.

A player records one when asked (``analyse(game, trace=True)``; off by default, and
then nothing is recorded); the analysis holds it as ``analysis.tree``. So far the
Mahjong solver records its clearing search (:mod:`gamewidgets.mahjong.players`).

:class:`SearchTree`: ``tree.root`` (the position searched), ``len(tree)`` (its nodes),
iteration in the order the search made them (depth first, children in the order
searched), ``tree.find(...)``, ``tree.line(node)`` (the moves from the root),
``tree.to_rows()`` (plain dicts: ``pandas.DataFrame(tree.to_rows())``), and
``print(tree)`` an indented outline, cut to a few levels.

:class:`Node`: ``move`` (None at the root), ``children``, ``score`` and ``bound``
("exact" / "upper" / "lower", for the side to move at the node's parent, as the
analysis writes its candidates), ``depth`` (plies left to search below it, where the
search counts them), ``kind`` (:data:`KINDS`), ``terms`` (a leaf's evaluation, adding
up to its score, as a candidate's do), ``facts`` (what describes it, adding nothing),
``on_pv`` (on the line the search settled on), ``nodes`` (the size of its subtree) and
``game()`` (its position as a new game, made when asked).

A tree has a budget in nodes (``budget``, 100,000 unless the player says otherwise):
the search goes on as before past it, but records no more nodes, and ``tree.cut``
says the tree is not whole.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from .analysis import BOUNDS
from .comparison import Comparison, compare  # two players' analyses side by side (its own module)
from .untrusted import integer

__all__ = ["DEFAULT_BUDGET", "KINDS", "Comparison", "Node", "SearchTree", "compare", "one_move_tree", "trace_options"]

#: what a node is: a position searched further, a position valued where the search
#: stopped (its evaluation), one the search left without searching it all (a cut-off),
#: a position where the game is over, a position known from earlier in the search (a
#: transposition), a position proved to lead nowhere, one pair removed because it had
#: to be (Mahjong's forced pairs), a sample of what is hidden, a chance event
KINDS = ("search", "leaf", "cutoff", "terminal", "transposition", "dead end", "forced", "sample", "chance")
#: the most nodes a tree records unless a player asks for another budget
DEFAULT_BUDGET = 100_000
#: how deep ``print(tree)`` goes, and how many children of a node it lists
OUTLINE_LEVELS, OUTLINE_CHILDREN = 4, 8


@dataclass(eq=False, repr=False)
class Node:
    """One position of the search (see the module docstring)."""

    move: Any = None
    kind: str = "search"
    score: float | None = None
    bound: str = "exact"
    depth: int | None = None
    terms: dict[str, float] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)
    on_pv: bool = False
    children: list[Node] = field(default_factory=list)
    parent: Node | None = field(default=None, repr=False)
    tree: SearchTree | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {self.kind!r}")
        if self.bound not in BOUNDS:
            raise ValueError(f"bound must be one of {BOUNDS}, not {self.bound!r}")

    @property
    def nodes(self) -> int:
        """This node and every node under it."""
        return sum(1 for _ in _preorder(self))

    @property
    def level(self) -> int:
        """How far from the root (0 at the root)."""
        n, node = 0, self
        while node.parent is not None:
            n, node = n + 1, node.parent
        return n

    def line(self) -> tuple[Any, ...]:
        """The moves from the root to this node."""
        moves = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            moves.append(node.move)
            node = node.parent
        return tuple(reversed(moves))

    def game(self) -> Any:
        """This node's position, as a new game (the root's, its line played)."""
        if self.tree is None:
            raise LookupError("this node belongs to no tree")
        return self.tree.game_at(self)

    def __repr__(self) -> str:
        return f"<Node {self.describe()}, {len(self.children)} children>"

    def describe(self) -> str:
        """One line: the move, what the node is, its score."""
        what = "root" if self.parent is None else str(self.move)
        score = "" if self.score is None else f" {_BOUND_WORDS[self.bound]}{_number(self.score)}"
        pv = " *" if self.on_pv else ""
        return f"{what} [{self.kind}]{score}{pv}"


_BOUND_WORDS = {"exact": "", "upper": "≤", "lower": "≥"}


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}"


def _preorder(node: Node) -> Iterator[Node]:
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed(current.children))


class SearchTree:
    """The nodes a search made, from ``game`` (the position searched; kept as a copy).
    ``play(game, move)`` plays a move of the tree on a game (default ``game.play(move)``),
    for :meth:`Node.game`. A search adds its nodes with :meth:`add` (or :meth:`enter`
    and :meth:`leave` as it recurses)."""

    def __init__(self, game: Any, *, budget: int = DEFAULT_BUDGET,
                 play: Callable[[Any, Any], Any] | None = None, kind: str = "search"):
        if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
            raise ValueError(f"budget must be a whole number of nodes, at least 1, not {budget!r}")
        self._game = game.copy()
        self._play = play or (lambda g, move: g.play(move))
        self.budget = budget
        #: the budget stopped the recording: the tree is not the whole search
        self.cut = False
        self.root = Node(kind=kind, tree=self)
        self._count = 1
        self._path: list[Node | None] = [self.root]  # enter()ed and not left (None: not recorded)

    # -------------------------------------------------------------- building
    def add(self, parent: Node, move: Any, **fields: Any) -> Node | None:
        """A child of ``parent`` reached by ``move``; None when the budget is spent."""
        if self._count >= self.budget:
            self.cut = True
            return None
        node = Node(move=move, parent=parent, tree=self, **fields)
        parent.children.append(node)
        self._count += 1
        return node

    def enter(self, move: Any, **fields: Any) -> Node | None:
        """A child of the node the search is in, reached by ``move``; the search is in it
        until :meth:`leave`. None when it is not recorded (the budget; then nothing
        under it is either)."""
        parent = self._path[-1]
        node = self.add(parent, move, **fields) if parent is not None else None
        self._path.append(node)
        return node

    def leave(self, **updates: Any) -> None:
        """Back from the node entered last, setting its ``updates`` (score, kind, ...)."""
        if len(self._path) == 1:
            raise LookupError("leave() without enter(): the search is at the root")
        node = self._path.pop()
        if node is not None:
            self.update(node, **updates)

    @property
    def current(self) -> Node | None:
        """The node the search is in (None: one not recorded)."""
        return self._path[-1]

    @staticmethod
    def update(node: Node, **updates: Any) -> None:
        """Set a node's ``kind``, ``score``, ``bound``, ``depth``, ``terms``, ``facts`` or
        ``on_pv``; its terms must add up to its score."""
        for name, value in updates.items():
            if name not in {"kind", "score", "bound", "depth", "terms", "facts", "on_pv"}:
                raise TypeError(f"a node has no {name!r} to set")
            setattr(node, name, value)
        if node.kind not in KINDS or node.bound not in BOUNDS:
            raise ValueError(f"kind {node.kind!r} / bound {node.bound!r}: known are {KINDS} / {BOUNDS}")
        if node.terms and node.score is not None and not math.isclose(
                math.fsum(node.terms.values()), node.score, rel_tol=1e-9, abs_tol=1e-9):
            raise ValueError(f"the terms {node.terms} do not add up to the score {node.score}")

    def mark_line(self, moves: Any) -> None:
        """Mark the nodes along ``moves`` from the root (the line the search settled on).
        Where a node has more than one child of a move (a position searched again, as
        Lines of Action's search does), the line goes on through the last one made."""
        node = self.root
        node.on_pv = True
        for move in moves:
            child = next((c for c in reversed(node.children) if c.move == move), None)
            if child is None:
                return
            child.on_pv = True
            node = child

    # -------------------------------------------------------------- reading
    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[Node]:
        return _preorder(self.root)

    def find(self, test: Callable[[Node], bool] | None = None, **wanted: Any) -> list[Node]:
        """The nodes (in the search's order) for which ``test(node)`` is true and whose
        fields are as ``wanted`` says: ``tree.find(kind="dead end")``."""
        return [node for node in self
                if all(getattr(node, name) == value for name, value in wanted.items()) and (test is None or test(node))]

    @staticmethod
    def line(node: Node) -> tuple[Any, ...]:
        """The moves from the root to ``node``."""
        return node.line()

    def game_at(self, node: Node) -> Any:
        """``node``'s position as a new game."""
        game = self._game.copy()
        for move in node.line():
            self._play(game, move)
        return game

    def to_rows(self) -> list[dict[str, Any]]:
        """One plain dict per node, in the search's order: ``id``, ``parent`` (its id,
        None at the root), ``level``, ``move``, ``kind``, ``score``, ``bound``,
        ``depth``, ``on_pv``, ``nodes``, then the terms and the facts."""
        order = list(self)
        ids = {id(node): i for i, node in enumerate(order)}
        sizes = self.subtree_sizes(order)
        levels = [0] * len(order)
        rows = []
        for i, node in enumerate(order):
            parent = None if node.parent is None else ids[id(node.parent)]
            levels[i] = 0 if parent is None else levels[parent] + 1
            rows.append({
                "id": i, "parent": parent, "level": levels[i],
                "move": None if node.move is None else str(node.move), "kind": node.kind, "score": node.score,
                "bound": node.bound, "depth": node.depth, "on_pv": node.on_pv, "nodes": sizes[id(node)],
                **node.terms, **node.facts,
            })
        return rows

    def subtree_sizes(self, order: list[Node] | None = None) -> dict[int, int]:
        """``node.nodes`` of every node at once, by ``id(node)``: one pass, children
        before their parents (``order``: the nodes in the search's order, if at hand)."""
        order = list(self) if order is None else order
        sizes = dict.fromkeys(map(id, order), 1)
        for node in reversed(order):
            if node.parent is not None:
                sizes[id(node.parent)] += sizes[id(node)]
        return sizes

    @property
    def game(self) -> Any:
        """The position searched (the root's), as a new game."""
        return self._game.copy()

    def outline(self, levels: int = OUTLINE_LEVELS, children: int = OUTLINE_CHILDREN) -> str:
        """The tree as indented lines, ``levels`` deep and ``children`` a node at most
        (the line the search settled on first): what ``print(tree)`` shows."""
        lines = [f"search tree: {self._count} nodes{' (cut by its budget)' if self.cut else ''}"]

        def walk(node: Node, indent: int) -> None:
            lines.append("  " * indent + node.describe())
            if not node.children:
                return
            if indent >= levels:
                lines.append("  " * (indent + 1) + f"… {node.nodes - 1} nodes under it")
                return
            shown = sorted(node.children, key=lambda c: not c.on_pv)[:children]
            for child in shown:
                walk(child, indent + 1)
            if len(node.children) > len(shown):
                lines.append("  " * (indent + 1) + f"… {len(node.children) - len(shown)} more")

        walk(self.root, 0)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.outline()

    def __repr__(self) -> str:
        return f"<SearchTree: {self._count} nodes{', cut' if self.cut else ''}>"


def one_move_tree(game: Any, candidates: Any, chosen: Any, *, budget: int = DEFAULT_BUDGET,
                  play: Callable[[Any, Any], Any] | None = None) -> SearchTree:
    """The tree of a player that looks one move ahead: the root (scored as ``chosen``)
    and a "leaf" per candidate (an analysis's: its score, bound and terms, its facts),
    in the candidates' order, ``chosen`` marked as the line."""
    tree = SearchTree(game, budget=budget, play=play)
    for candidate in candidates:
        tree.add(tree.root, candidate.move, kind="leaf", score=candidate.score, bound=candidate.bound,
                 terms=dict(candidate.terms), facts=dict(candidate.facts))
        if candidate.move == chosen:
            tree.update(tree.root, score=candidate.score, bound=candidate.bound)
    tree.mark_line([chosen])
    return tree


def trace_options(trace: Any, trace_budget: Any) -> tuple[bool, int]:
    """A player's ``trace`` and ``trace_budget`` options (every player takes them),
    checked: ValueError for a budget that is not a whole number of nodes, at least 1."""
    return bool(trace), integer(trace_budget, "trace_budget (nodes a tree records)", 1, error=ValueError)
