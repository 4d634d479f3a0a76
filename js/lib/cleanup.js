// What a view must undo when it is removed: listeners, timers, observers, elements.
//
//   const cleanup = createCleanup();
//   const onCleanup = cleanup.add;     // onCleanup(() => clearInterval(timer))
//   listen(onCleanup, [[canvas, "click", onClick], ...]);   // listeners, removed at clean-up
//   return () => cleanup.run();        // render()'s return value

/**
 * Add the event listeners [[node, type, fn, options?], ...] now, and remove them at
 * clean-up (`options` as addEventListener takes them, e.g. `true` for capture).
 */
export function listen(onCleanup, listeners) {
  for (const [node, type, fn, options] of listeners) node.addEventListener(type, fn, options);
  onCleanup(() => {
    for (const [node, type, fn, options] of listeners) node.removeEventListener(type, fn, options);
  });
}

/** A list of undo functions, run newest first; one that throws does not stop the rest. */
export function createCleanup() {
  const steps = [];
  return {
    add: (fn) => {
      steps.push(fn);
    },
    run() {
      while (steps.length) {
        const fn = steps.pop();
        try {
          fn();
        } catch (err) {
          console.warn("gamewidgets: cleanup failed", err);
        }
      }
    },
  };
}
