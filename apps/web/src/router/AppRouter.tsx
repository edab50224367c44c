import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useTransition,
} from "react";
import { Router } from "wouter";
import { BASENAME } from "../lib/paths";
import { currentPlace, navigate, onMove, type Place } from "./place";
import { rememberedScroll, rememberScroll } from "./scroll-positions";

interface Navigation {
  readonly place: Place;
  /** A move whose page is still on its way (its code or texts downloading): the old page stays. */
  readonly pending: boolean;
}

const NavigationContext = createContext<Navigation | null>(null);

export function useNavigationState(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error("useNavigationState outside AppRouter");
  return navigation;
}

const useAppLocation = (): [string, typeof navigate] => [useNavigationState().place.pathname, navigate];
const useAppSearch = (): string => useNavigationState().place.search;
const withBase = (href: string) => `${BASENAME}${href}`;

interface AppRouterProps {
  /** Called as each move starts, with the address moved to: its page's code and data can start. */
  prepare?: (pathname: string) => void;
  /** Where a move to `place` goes instead, if anywhere (a page behind a session, for a visitor). */
  redirect?: (place: Place) => string | null;
  /** Where the build's prerendering draws the app; in the browser, the address. */
  at?: Place;
  children: ReactNode;
}

/**
 * The app's router: the address as React state, each move a transition, so the page moved from stays
 * on screen (with a progress bar after 200 ms) until the next one's code and texts are there, as a
 * phone app does; each history entry's scroll position put back when the user returns to it.
 */
export function AppRouter({ prepare, redirect, at, children }: AppRouterProps) {
  const [place, setPlace] = useState(() => at ?? currentPlace());
  const [pending, startTransition] = useTransition();

  const shown = useRef(place);
  shown.current = place;

  useEffect(() => {
    if (at) return;
    const moved = (next: Place, previous: Place) => {
      rememberScroll(previous.key, window.scrollY);
      const elsewhere = redirect?.(next);
      // The entry just made is taken over by the move elsewhere, which comes back here.
      if (elsewhere) return navigate(elsewhere, { replace: true });
      prepare?.(next.pathname);
      startTransition(() => setPlace(next));
    };
    const stop = onMove(moved);
    // A move made before this subscription (a page that sends elsewhere as it is first drawn).
    const now = currentPlace();
    if (now.key !== shown.current.key) moved(now, shown.current);
    return stop;
  }, [at, prepare, redirect]);

  // Once the page of a new entry is drawn: the top; of an entry returned to, where it was left.
  useLayoutEffect(() => {
    if (at) return;
    window.scrollTo(0, rememberedScroll(place.key) ?? 0);
  }, [at, place.key]);

  return (
    <NavigationContext.Provider value={{ place, pending }}>
      <Router hook={useAppLocation} searchHook={useAppSearch} hrefs={withBase}>
        {children}
      </Router>
    </NavigationContext.Provider>
  );
}
