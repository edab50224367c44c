import { type ComponentType, use } from "react";

type Loaded<P> = { default: ComponentType<P> };

/** A page whose code downloads when it is first drawn, or earlier through `preload`. */
export interface LazyPage<P extends object = object> {
  (props: P): React.ReactNode;
  /** Starts the download; resolves once the page can be drawn without waiting. */
  preload(): Promise<void>;
}

/**
 * Unlike React.lazy, a page already downloaded draws at once, in its first render: the build's
 * prerendering and the browser's taking over of a prerendered page need it there without a Suspense
 * round. A failed download is reported to the page being drawn (its error boundary offers a retry),
 * and tried again at the next `preload`, which each move to the page calls.
 */
export function lazyPage<P extends object = object>(load: () => Promise<Loaded<P>>): LazyPage<P> {
  let Component: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  let failed = false;
  const preload = (): Promise<void> => {
    if (!loading || failed) {
      failed = false;
      loading = load().then(
        (module) => {
          Component = module.default;
        },
        (error: unknown) => {
          failed = true;
          throw error;
        },
      );
    }
    return loading;
  };
  function Page(props: P) {
    // The attempt under way or failed, not a new one: React waits for, and reports, that one.
    if (!Component) use(loading ?? preload());
    const Drawn = Component as ComponentType<P> | null;
    if (!Drawn) throw new Error("lazyPage: drawn before its code arrived");
    return <Drawn {...props} />;
  }
  return Object.assign(Page, { preload });
}
