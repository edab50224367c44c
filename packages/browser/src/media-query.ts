/** A setting of the device that CSS reads as a media query (its light or dark mode, its motion), read and watched. */
export interface MediaQuery {
  matches: () => boolean;
  /** Calls `onChange` whenever the answer changes; answers the function that stops watching. */
  subscribe: (onChange: () => void) => () => void;
}

export function mediaQuery(query: string): MediaQuery {
  return {
    matches: () => window.matchMedia(query).matches,
    subscribe(onChange) {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
  };
}

/**
 * The system's "reduce motion" (iOS, Android, macOS, Windows). Both apps follow it: the component
 * libraries' motion through this, their own animations in the stylesheet beside each.
 */
export const reducedMotion = mediaQuery("(prefers-reduced-motion: reduce)");
