/**
 * What the first screen does not show (the socket and its handlers, badges, the risk warning, the
 * pop-up notice, the signed-in reminders, the service worker) is asked for only once that screen is
 * interactive: at the user's first tap, key or scroll, or at the browser's first idle moment after the
 * screen is committed, whichever comes first. Until then the first screen's own chunks have the link
 * to themselves; a phone on a slow link shows home sooner. The build-budget test counts the first
 * load up to this moment.
 */

/** requestIdleCallback's deadline, and the wait where the browser has none (Safari). */
const IDLE_TIMEOUT_MS = 2000;
const INTERACTIONS = ["pointerdown", "keydown", "scroll", "touchstart"] as const;

let begin: () => void = () => undefined;
const interactive = new Promise<void>((resolve) => {
  begin = resolve;
});
let watching = false;

/** The first screen is committed: start watching for the first interaction or idle moment. */
export function firstScreenCommitted(): void {
  if (watching) return;
  watching = true;
  const go = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, go, true);
    begin();
  };
  for (const type of INTERACTIONS) window.addEventListener(type, go, { capture: true, passive: true });
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(go, { timeout: IDLE_TIMEOUT_MS });
  } else {
    setTimeout(go, IDLE_TIMEOUT_MS);
  }
}

/**
 * Resolves once the first screen is interactive, each caller in a task of its own: started together,
 * the deferred modules' preload links and first code ran as one long task (150 ms at 4× CPU slowdown)
 * just when the screen had become interactive; one task each leaves room for a tap between them.
 */
export function whenInteractive(): Promise<void> {
  return interactive.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** `load`, started only once the first screen is interactive: for `lazy()` and dynamic imports. */
export function later<T>(load: () => Promise<T>): () => Promise<T> {
  return () => whenInteractive().then(load);
}
