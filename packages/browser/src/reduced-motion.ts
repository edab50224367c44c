/**
 * The system's "reduce motion" setting (iOS, Android, macOS, Windows), read and watched. Both apps
 * follow it: their own CSS motion in their global stylesheets, the component libraries' motion here.
 */
const QUERY = "(prefers-reduced-motion: reduce)";

export function prefersReducedMotion(): boolean {
  return window.matchMedia(QUERY).matches;
}

/** Calls `onChange` whenever the setting changes; answers the function that stops watching. */
export function subscribeReducedMotion(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}
