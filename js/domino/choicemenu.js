// A menu of choices in a dialog (the level menu, the mode menu): one button per choice
// (`button[data-<key>=<choice>]`, its name in bold and a detail under it, the current
// one marked aria-current), and Cancel (also Esc). Choosing the current one, or
// choosing where `available()` says no, just closes it; the menu closes by itself when
// it becomes unavailable (update()).

import { createDialog } from "../lib/dialog.js";
import { element as h } from "../lib/element.js";

/**
 * @param {object} view
 * @param {object} o  name (data-dialog), title, message, cancelTitle, key (the
 *   buttons' data attribute, camelCase), choices, names / details (by choice),
 *   current() (the choice now), available() (whether one may choose), onChoose(choice)
 * @returns {{ dialog, open(), isOpen(), update() }}
 */
export function createChoiceMenu(view, { name, title, message, cancelTitle, key, choices, names, details, current,
  available, onChoose, className = "" }) {
  const { doc } = view;
  const dialog = createDialog({
    doc,
    returnFocus: () => view.input.firstFocusable(),
    name,
    title,
    message,
    dismissable: true,
    actions: [{ label: "Cancel", action: "cancel", title: cancelTitle, onClick: () => dialog.close() }],
  });
  const list = h(doc, "div", `gw-dom-levels ${className}`.trim());
  const buttons = {};
  for (const choice of choices) {
    const b = h(doc, "button", "gw-button");
    b.type = "button";
    b.dataset[key] = choice;
    b.append(h(doc, "b", null, names[choice]), h(doc, "small", null, details[choice]));
    b.addEventListener("click", () => choose(choice));
    buttons[choice] = b;
    list.appendChild(b);
  }
  dialog.body.appendChild(list);

  function mark() {
    for (const choice of choices) buttons[choice].setAttribute("aria-current", choice === current() ? "true" : "false");
  }
  function choose(choice) {
    dialog.close();
    if (choice !== current() && available()) onChoose(choice);
  }
  function open() {
    if (!available()) return;
    mark();
    dialog.open({ focus: true });
    const now = buttons[current()];
    if (now) now.focus({ preventScroll: true });
  }

  return {
    dialog,
    open,
    isOpen: () => dialog.isOpen,
    update() {
      mark();
      if (!available() && dialog.isOpen) dialog.close();
    },
  };
}
