import { prefersReducedMotion, subscribeReducedMotion } from "@tickfair/browser/reduced-motion";

let springsReduced = false;

/**
 * antd-mobile's springs (popups, dialogs, swipers) follow the system's "reduce motion" (the app's CSS
 * motion follows it in global.css). The springs' switch loads only for a phone that asks for less
 * motion, so the usual phone fetches nothing for it.
 */
export function followReducedMotion(): void {
  const apply = async () => {
    const reduce = prefersReducedMotion();
    if (reduce === springsReduced) return;
    springsReduced = reduce;
    const { setSprings } = await import("./spring-motion");
    setSprings(!reduce);
  };
  void apply();
  subscribeReducedMotion(() => void apply());
}
