// Nothing lost to one key: before a key or a button throws a game in progress away (a
// new game, play again, another level or size), the view asks. One dialog per view,
// made by the shell (`shell.confirm`):
//
//   shell.confirm.ask({ title: "Start a new game?", message: "This game (move 12) is lost.",
//     confirm: "New game", onConfirm: () => act({ type: "new_game" }) });
//
// Enter (or the highlighted button) confirms; Esc, the × or "Keep playing" cancels and
// nothing changes. Where nothing would be lost (no move made yet, the game over), the
// view acts at once without asking. DOM: [data-dialog=confirm] with buttons
// [data-action=confirm] and [data-action=cancel]; `data-asking` on the root names what
// is asked ("" when nothing is).

import { createDialog, ensureDialogStyles } from "./dialog.js";

/** `root`: the view's root (the dialog covers it); `returnFocus()`: focused after. */
export function createConfirm({ doc, root, returnFocus, onCleanup }) {
  ensureDialogStyles(root);
  let onYes = null;
  root.dataset.asking = "";
  const done = (yes) => {
    const act = onYes;
    onYes = null;
    root.dataset.asking = "";
    dialog.close();
    if (yes && act) act();
  };
  const dialog = createDialog({
    doc,
    name: "confirm",
    title: "",
    message: "",
    dismissable: true,
    onDismiss: () => done(false),
    returnFocus,
    actions: [
      { label: "Keep playing", action: "cancel", title: "Nothing changes (Esc)", onClick: () => done(false) },
      { label: "OK", action: "confirm", primary: true, title: "Enter", onClick: () => done(true) },
    ],
  });
  onCleanup(() => dialog.destroy());
  return {
    el: dialog.el,
    /**
     * Ask before `onConfirm()`; `name` (data-asking) says what is asked, `confirm` and
     * `cancel` name the two buttons (`cancelTitle`: what keeping means, Esc).
     */
    ask({ name = "discard", title, message = "", confirm = "OK", cancel = "Keep playing",
      cancelTitle = "Nothing changes (Esc)", onConfirm }) {
      onYes = onConfirm;
      root.dataset.asking = name;
      dialog.setTitle(title);
      dialog.setMessage(message);
      dialog.buttons.confirm.querySelector(".gw-button-label").textContent = confirm;
      dialog.buttons.cancel.querySelector(".gw-button-label").textContent = cancel;
      dialog.buttons.cancel.title = cancelTitle;
      dialog.open({ focus: true });
    },
    cancel: () => done(false),
    get isOpen() {
      return dialog.isOpen;
    },
  };
}
