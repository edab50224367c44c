import { useEffect, useState } from "react";

/**
 * The height of what the phone shows of the page: less the on-screen keyboard while it is open. The
 * chat screen takes exactly that, so that its composer stays just above the keyboard rather than
 * under it (iOS Safari lays the page out as if there were none).
 */
export function useVisualViewportHeight(): number | null {
  const [height, setHeight] = useState(() => window.visualViewport?.height ?? null);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const update = () => {
      setHeight(viewport.height);
      // Safari scrolls the page up under the keyboard; the screen is fixed, so that shows nothing.
      if (window.scrollY !== 0) window.scrollTo(0, 0);
    };
    viewport.addEventListener("resize", update);
    return () => viewport.removeEventListener("resize", update);
  }, []);
  return height;
}
