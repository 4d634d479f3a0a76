// A nudge: an element shakes once (the `gw-nudge` class for 700 ms, restarted when it
// comes again before the end) to say "not now, and here is why" — the banner and the
// driven line use it.
//
//   const shake = createNudge(el);  shake.nudge();  shake.destroy();

export function createNudge(el) {
  let timer = 0;
  return {
    nudge() {
      if (el.hidden) return;
      el.classList.remove("gw-nudge");
      void el.offsetWidth; // restart the CSS animation
      el.classList.add("gw-nudge");
      clearTimeout(timer);
      timer = setTimeout(() => el.classList.remove("gw-nudge"), 700);
    },
    destroy() {
      clearTimeout(timer);
    },
  };
}
