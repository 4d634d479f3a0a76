// Board geometry and the keyboard cursor of a rows x cols grid of cells.
//
//   const geo = gridGeometry({ width, height, rows: 9, cols: 9, padding: 14 });
//   geo.cellAt(event.offsetX, event.offsetY) -> [r, c] | null
//   geo.cellRect(r, c) -> { x, y, w, h };  geo.cellCenter(r, c) -> { x, y }
//
//   const cursor = createGridCursor({ rows: 9, cols: 9, onChange });
//   if (cursor.handleKey(event)) event.preventDefault();
//
//   const focus = trackBoardFocus(canvas, requestDraw);   // focus.showsCursor()
//   focus.usedPointer() on pointer down, focus.usedKeyboard() on a key; focus.destroy()

/**
 * A cell as every view names it in words: "(row, col)", counted from 0 at the top
 * left, as the Python API writes cells (the same text as `str((row, col))`), so what
 * a view says can be typed back into a notebook.
 */
export function cellName(cell) {
  return `(${cell[0]}, ${cell[1]})`;
}

/**
 * Lay out rows x cols cells centred in a width x height area, leaving `padding`
 * around them. Cells have height = aspect * width (default square).
 */
export function gridGeometry({ width, height, rows, cols, padding = 0, aspect = 1 }) {
  const availW = Math.max(1, width - 2 * padding);
  const availH = Math.max(1, height - 2 * padding);
  const cellW = Math.min(availW / cols, availH / rows / aspect);
  const cellH = cellW * aspect;
  const x = (width - cellW * cols) / 2;
  const y = (height - cellH * rows) / 2;
  return {
    rows,
    cols,
    x,
    y,
    cell: cellW,
    cellW,
    cellH,
    width: cellW * cols,
    height: cellH * rows,
    cellRect(r, c) {
      return { x: x + c * cellW, y: y + r * cellH, w: cellW, h: cellH };
    },
    cellCenter(r, c) {
      return { x: x + (c + 0.5) * cellW, y: y + (r + 0.5) * cellH };
    },
    /** The cell under a point in CSS px (e.g. event.offsetX/offsetY), or null. */
    cellAt(px, py) {
      if (!Number.isFinite(px) || !Number.isFinite(py)) return null;
      const c = Math.floor((px - x) / cellW);
      const r = Math.floor((py - y) / cellH);
      if (r < 0 || r >= rows || c < 0 || c >= cols) return null;
      return [r, c];
    },
  };
}

/**
 * Keyboard cursor over a rows x cols grid. Keys: arrows (one cell, stop at the
 * edges), Home / End (first / last cell of the row), Ctrl/Cmd+Home and Ctrl/Cmd+End
 * (top-left / bottom-right corner).
 *
 * @param {object} o
 * @param {number} o.rows
 * @param {number} o.cols
 * @param {number} [o.row=0]
 * @param {number} [o.col=0]
 * @param {(row, col) => void} [o.onChange] called when the position changes
 */
export function createGridCursor({ rows, cols, row = 0, col = 0, onChange }) {
  const s = { rows, cols, row: 0, col: 0 };
  const clamp = (v, n) => Math.max(0, Math.min(n - 1, v | 0));
  s.row = clamp(row, rows);
  s.col = clamp(col, cols);

  function set(r, c) {
    const nr = clamp(r, s.rows);
    const nc = clamp(c, s.cols);
    if (nr === s.row && nc === s.col) return false;
    s.row = nr;
    s.col = nc;
    if (onChange) onChange(nr, nc);
    return true;
  }

  return {
    get row() {
      return s.row;
    },
    get col() {
      return s.col;
    },
    /** [row, col] */
    cell() {
      return [s.row, s.col];
    },
    /** "r,c" (the format of the data-cursor attribute) */
    toString() {
      return `${s.row},${s.col}`;
    },
    set,
    /** Change the grid size (e.g. a transposed board); keeps the cursor inside. */
    resize(newRows, newCols) {
      s.rows = newRows;
      s.cols = newCols;
      set(s.row, s.col);
    },
    /**
     * Handle a navigation key. Returns true if the key is a navigation key (even at
     * an edge, so the caller can preventDefault and stop page scrolling).
     */
    handleKey(event) {
      if (event.altKey) return false;
      const ctrl = event.ctrlKey || event.metaKey;
      switch (event.key) {
        case "ArrowUp":
          if (ctrl) return false;
          set(s.row - 1, s.col);
          return true;
        case "ArrowDown":
          if (ctrl) return false;
          set(s.row + 1, s.col);
          return true;
        case "ArrowLeft":
          if (ctrl) return false;
          set(s.row, s.col - 1);
          return true;
        case "ArrowRight":
          if (ctrl) return false;
          set(s.row, s.col + 1);
          return true;
        case "Home":
          if (ctrl) set(0, 0);
          else set(s.row, 0);
          return true;
        case "End":
          if (ctrl) set(s.rows - 1, s.cols - 1);
          else set(s.row, s.cols - 1);
          return true;
        default:
          return false;
      }
    },
  };
}


/**
 * Make a board canvas a focusable, described widget for keyboards and screen readers:
 * `label` says what the board is and which keys it takes.
 */
export function describeBoard(canvas, label) {
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-roledescription", "game board");
  canvas.setAttribute("aria-label", label);
}

/**
 * Keyboard focus of a board element, and whether its cursor should show: only while
 * the board has focus and the player is using the keyboard (a pointer hides it).
 * `onChange()` is called when that may have changed.
 */
export function trackBoardFocus(element, onChange = () => {}) {
  let focused = false;
  let keyboard = false;
  const onFocus = () => {
    focused = true;
    try {
      keyboard = keyboard || element.matches(":focus-visible");
    } catch (_) {
      keyboard = true;
    }
    onChange();
  };
  const onBlur = () => {
    focused = false;
    onChange();
  };
  element.addEventListener("focus", onFocus);
  element.addEventListener("blur", onBlur);
  return {
    get focused() {
      return focused;
    },
    showsCursor: () => focused && keyboard,
    usedPointer() {
      keyboard = false;
    },
    usedKeyboard() {
      keyboard = true;
    },
    destroy() {
      element.removeEventListener("focus", onFocus);
      element.removeEventListener("blur", onBlur);
    },
  };
}
