import { useLayoutEffect, useRef } from "react";
import { navigate } from "./place";

/** Moves to `to` once drawn (a page that has nothing to show at this address). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  // React's strict mode runs effects twice in development; a second push would be a second entry.
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    navigate(to, { replace });
  }, [to, replace]);
  return null;
}
