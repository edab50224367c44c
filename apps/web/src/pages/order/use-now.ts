import { useEffect, useState } from "react";

/**
 * The current time, re-read on every whole second while `active`, so countdowns on screen change
 * together and exactly when the second turns.
 */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      setNow(Date.now());
      timer = setTimeout(next, 1000 - (Date.now() % 1000));
    };
    next();
    return () => clearTimeout(timer);
  }, [active]);
  return now;
}
