import { reducedMotion } from "@tickfair/browser/media-query";

let springsReduced = false;

/**
 * antd-mobile's springs (popups, dialogs, swipers) follow the system's "reduce motion" (the app's own
 * animations follow it in the stylesheet beside each). The springs' switch loads only for a phone that asks for less
 * motion, so the usual phone fetches nothing for it.
 */
export function followReducedMotion(): void {
  const apply = async () => {
    const reduce = reducedMotion.matches();
    if (reduce === springsReduced) return;
    springsReduced = reduce;
    const { setSprings } = await import("./spring-motion");
    setSprings(!reduce);
  };
  void apply();
  reducedMotion.subscribe(() => void apply());
}
