// What a view must undo when it is removed: listeners, timers, observers, elements.
//
//   const cleanup = createCleanup();
//   const onCleanup = cleanup.add;     // onCleanup(() => canvas.removeEventListener(...))
//   return () => cleanup.run();        // render()'s return value

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
