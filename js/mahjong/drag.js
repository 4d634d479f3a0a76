// Pointer drag-and-drop on one element (e.g. a board canvas), with taps told apart
// from drags: a press that moves less than `threshold` CSS px before it is released
// is a tap. Positions are event.offsetX/offsetY (CSS px inside the element; the
// pointer is captured, so they keep coming, possibly outside the element's box).
//
//   const drag = createPointerDrag({
//     element: canvas,
//     canDrag: (x, y) => payload | null,     // what a press at x, y would drag
//     onTap: (x, y, event) => ...,           // a click (press position)
//     onDragStart: (payload, pos) => ...,    // pos = { x, y, startX, startY }
//     onDragMove: (payload, pos) => ...,
//     onDrop: (payload, pos) => ...,         // released after dragging
//     onDragCancel: (payload) => ...,        // Escape, pointercancel, lost capture
//   });
//   drag.dragging; drag.cancel(); drag.destroy();

import { createCleanup, listen } from "../lib/cleanup.js";

/**
 * @param {object} o
 * @param {HTMLElement} o.element
 * @param {number} [o.threshold=5]
 */
export function createPointerDrag(o) {
  const { element, threshold = 5 } = o;
  let press = null; // { id, startX, startY, x, y, payload, dragging }

  const call = (fn, ...args) => {
    if (!fn) return;
    try {
      fn(...args);
    } catch (err) {
      console.error("gamewidgets: drag handler failed", err);
    }
  };

  const pos = (p) => ({ x: p.x, y: p.y, startX: p.startX, startY: p.startY });

  function onPointerDown(event) {
    if (press || !event.isPrimary) return;
    if (event.pointerType === "mouse" && event.button !== 0) return;
    const x = event.offsetX;
    const y = event.offsetY;
    let payload = null;
    try {
      payload = o.canDrag ? o.canDrag(x, y, event) : null;
    } catch (err) {
      console.error("gamewidgets: drag handler failed", err);
    }
    press = { id: event.pointerId, startX: x, startY: y, x, y, payload, dragging: false };
    try {
      element.setPointerCapture(event.pointerId);
    } catch (_) {
      /* synthetic events have no active pointer */
    }
  }

  function onPointerMove(event) {
    if (!press || event.pointerId !== press.id) return;
    press.x = event.offsetX;
    press.y = event.offsetY;
    if (!press.dragging) {
      const moved = Math.hypot(press.x - press.startX, press.y - press.startY);
      if (moved < threshold || press.payload == null) return;
      press.dragging = true;
      call(o.onDragStart, press.payload, pos(press));
    }
    call(o.onDragMove, press.payload, pos(press));
  }

  function release() {
    const p = press;
    press = null;
    if (p) {
      try {
        if (element.hasPointerCapture && element.hasPointerCapture(p.id)) element.releasePointerCapture(p.id);
      } catch (_) {
        /* ignore */
      }
    }
    return p;
  }

  function onPointerUp(event) {
    if (!press || event.pointerId !== press.id) return;
    press.x = event.offsetX;
    press.y = event.offsetY;
    const p = release();
    if (p.dragging) {
      call(o.onDrop, p.payload, pos(p));
    } else if (Math.hypot(p.x - p.startX, p.y - p.startY) < threshold) {
      call(o.onTap, p.startX, p.startY, event);
    }
  }

  function cancel() {
    const p = release();
    if (p && p.dragging) call(o.onDragCancel, p.payload);
  }

  function onPointerCancel(event) {
    if (press && event.pointerId === press.id) cancel();
  }

  function onLostCapture(event) {
    // capture ends after pointerup too (press is null by then)
    if (press && event.pointerId === press.id && press.dragging) cancel();
  }

  function onKeyDown(event) {
    if (event.key === "Escape" && press && press.dragging) {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  }

  const cleanup = createCleanup();
  listen(cleanup.add, [
    [element, "pointerdown", onPointerDown],
    [element, "pointermove", onPointerMove],
    [element, "pointerup", onPointerUp],
    [element, "pointercancel", onPointerCancel],
    [element, "lostpointercapture", onLostCapture],
    [element, "keydown", onKeyDown, true], // capture: Esc cancels a drag before the view sees it
  ]);

  return {
    /** True while a drag (past the threshold) is under way. */
    get dragging() {
      return !!(press && press.dragging);
    },
    /** True while a press (tap or drag) is under way. */
    get pressed() {
      return !!press;
    },
    cancel,
    destroy() {
      press = null;
      cleanup.run();
    },
  };
}
