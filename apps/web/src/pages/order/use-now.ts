import { useEffect, useState } from "react";
import { serverNow } from "../../lib/server-clock";

/**
 * The current time on the server's clock, re-read on every whole second while `active`, so countdowns
 * on screen change together and exactly when the second turns.
 */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      setNow(serverNow());
      timer = setTimeout(next, 1000 - (serverNow() % 1000));
    };
    next();
    return () => clearTimeout(timer);
  }, [active]);
  return now;
}
