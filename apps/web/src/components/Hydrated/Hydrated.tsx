import { type ReactNode, Suspense, useSyncExternalStore } from "react";

const never = () => () => undefined;

/**
 * False while the browser takes over a page the build prerendered (and in the prerendering itself),
 * true from the render after: what only the browser knows — data a route's prefetch already fetched, a
 * chunk already downloaded — waits for it, so the render that takes the page over draws exactly the
 * HTML that is there. A page drawn anew is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * A part of a prerendered screen that is drawn in the browser only: `fallback` in the prerendered HTML
 * and in the render that takes it over, then `children` (suspending on their code as under Suspense).
 * The prerendering never waits for, nor leaves a client-rendered boundary for, a lazy chunk.
 */
export function HydratedSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return <Suspense fallback={fallback}>{hydrated ? children : fallback}</Suspense>;
}
