"""A widget's board as a picture beside its view, for places that cannot run widgets.

A notebook exported to HTML (``jupyter nbconvert --execute --to html``), opened on
GitHub or without a running kernel shows an empty space where a widget was: its
output is only a reference to a live model. So a game widget, when IPython displays
it, puts out two outputs:

1. the picture: ``text/html`` holding the game's SVG (``game.svg()`` with the
   analysis shown, if any), plus ``image/svg+xml`` and the board as text for viewers
   that take those. After every cell that changed the game, the picture is updated in
   place (IPython's ``post_run_cell``; ``update_display``), so an exported notebook
   shows each board as it was when the notebook finished, and a live game played by
   clicks costs no picture traffic until a cell runs;
2. the widget view (``application/vnd.jupyter.widget-view+json`` and a text line),
   which replaces the picture once it renders.

Never the board twice where the widget runs: the picture's HTML carries a style that
hides it inside a live JupyterLab or Notebook 7 page (their output areas are Lumino
widgets, ``.lm-Widget``; an exported page has none), and elsewhere (VS Code, ...) the
view, once it renders, hides the pictures of its own model (``data-gamewidgets-model``,
the widget's ``picture_id`` trait), also those put out later.

``GameWidget._repr_mimebundle_`` (what a front end asks for one output) holds the
widget view, the SVG and the text board together. The search explorer puts out the
picture of its board the same way, before its own view.
"""

from __future__ import annotations

import html
import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import ipywidgets  # type: ignore[import-untyped]

    from ._widget import GameWidget

#: what marks a picture of a widget (the view hides those of its own model)
CSS_CLASS = "gamewidgets-picture"
#: hides the pictures in a live JupyterLab / Notebook 7 page, and their output's frame
_LIVE_STYLE = (f"<style>.lm-Widget .{CSS_CLASS} {{ display: none; }} "
               f".lm-Widget.jp-OutputArea-child:has(.{CSS_CLASS}) {{ display: none; }}</style>")


def picture_bundle(widget: GameWidget) -> dict[str, Any] | None:
    """The picture output of ``widget``: HTML (SVG inside), SVG and the board as text
    (None when ``widget.picture_svg()`` draws none)."""
    svg = widget.picture_svg()
    if svg is None:
        return None
    label = html.escape(type(widget).__name__)
    markup = (f'<div class="{CSS_CLASS}" data-gamewidgets-model="{html.escape(widget.picture_id)}" '
              f'title="{label}: a picture of the board (the live board needs a running kernel)">'
              f"{svg}</div>{_LIVE_STYLE}")
    return {"text/html": markup, "image/svg+xml": svg, "text/plain": widget.picture_text()}


class _Shown:
    """The pictures on display, updated after each cell that changed their game."""

    def __init__(self) -> None:
        self._shown: weakref.WeakKeyDictionary[GameWidget, list[tuple[str, str]]] = weakref.WeakKeyDictionary()
        self._hooked = False

    def display(self, widget: GameWidget, view: ipywidgets.Widget | None = None) -> None:
        """Put out ``widget``'s picture (kept up to date), then the view of ``view``:
        the widget's own, or a widget holding it (the search explorer and its board)."""
        from IPython.display import display

        bundle = picture_bundle(widget)
        if bundle is not None:
            handle = display(bundle, raw=True, display_id=True)
            if handle is not None:
                self._shown.setdefault(widget, []).append((handle.display_id, bundle["image/svg+xml"]))
                self._hook()
        data, metadata = widget._widget_view_bundle() if view is None else (view._repr_mimebundle_(), {})
        display(data, raw=True, metadata=metadata)

    def _hook(self) -> None:
        if self._hooked:
            return
        try:
            from IPython import get_ipython
        except ImportError:  # pragma: no cover - IPython comes with ipywidgets
            return
        shell = get_ipython()
        if shell is None:
            return
        shell.events.register("post_run_cell", self.refresh)
        self._hooked = True

    def refresh(self, *_result: object) -> None:
        """Update every picture whose game changed since it was last drawn."""
        from IPython.display import update_display

        for widget, shown in list(self._shown.items()):
            if getattr(widget, "comm", None) is None:  # closed: its picture stays as it was
                del self._shown[widget]
                continue
            bundle = picture_bundle(widget)
            if bundle is None:
                continue
            for index, (display_id, drawn) in enumerate(shown):
                if bundle["image/svg+xml"] != drawn:
                    update_display(bundle, raw=True, display_id=display_id)
                    shown[index] = (display_id, bundle["image/svg+xml"])


SHOWN = _Shown()
