import type { ComponentType, ReactNode } from "react";
import { prefetchBanners } from "./api/banners-query";
import { productsQuery } from "./api/market";
import { meQuery } from "./api/me-query";
import { queryClient } from "./api/query-client";
import { Root } from "./components/Root/Root";
import { RouteError } from "./components/RouteError/RouteError";
import { languageChosen, loadTextGroups } from "./i18n";
import type { TextGroup } from "./i18n/text-groups";
import { NEWS_PATH } from "./lib/news-path";
import { loginPath, paths } from "./lib/paths";
import {
  type LazyPage,
  lazyPage,
  Navigate,
  type Place,
  RouteErrorBoundary,
  useNavigationState,
} from "./router";
import { useSession } from "./store/session";

type PageModule<P> = { default: ComponentType<P> };

/**
 * Every page is its own chunk, downloaded with the groups of texts it shows beyond the core ones
 * (i18n/text-groups.ts): the page renders only once they are there.
 */
const page = <P extends object = object>(
  load: () => Promise<PageModule<P>>,
  textGroups: readonly TextGroup[] = [],
): LazyPage<P> =>
  lazyPage(() => Promise.all([load(), loadTextGroups(textGroups)]).then(([module]) => module));

interface AppRoute {
  path: string;
  page: LazyPage;
  /** A page among the tabs, drawn above the tab bar. */
  tab?: boolean;
  /** Needs a session: a visitor without one logs in and comes back afterwards. */
  signedIn?: boolean;
  /** Data asked for as soon as the address is known, alongside the page's code and texts. */
  prefetch?: () => void;
}

/**
 * The personal center's figures are asked for as soon as the address is known, alongside the page's
 * code and texts rather than after them: on a slow link that is one round trip less before they show.
 */
const prefetchMe = (): void => {
  void queryClient.prefetchQuery(meQuery);
};

/**
 * Home's banners and the products are asked for as soon as the address is known, alongside the page's
 * code rather than once it has rendered: on a slow link the banner's picture (home's largest element)
 * and the prices come round trips sooner, in the language the app is starting in.
 */
const prefetchFirstData = (fetch: (locale: string) => unknown) => (): void => {
  void languageChosen().then(fetch);
};

const prefetchHome = prefetchFirstData((locale) =>
  Promise.all([prefetchBanners(locale), queryClient.prefetchQuery(productsQuery(locale, ""))]),
);
const prefetchProducts = prefetchFirstData((locale) => queryClient.prefetchQuery(productsQuery(locale, "")));

/** The routes of pages behind a session, by path. */
const signedIn = (pages: Record<string, LazyPage>): AppRoute[] =>
  Object.entries(pages).map(([path, page]) => ({ path, page, signedIn: true }));

const TabLayout = page<{ children: ReactNode }>(() => import("./components/TabLayout/TabLayout"));
const welcome = page(() => import("./pages/welcome/Welcome"));
/** The fund records: tab 3, and a page of their own outside the tabs. */
const fundRecords = page(() => import("./pages/fund-records/FundRecords"), ["records", "user"]);
const notFound = page(() => import("./pages/not-found/NotFound"));
/** One chunk for the four public content pages and the Markdown renderer only they use; it picks the page by path. */
const content = page(() => import("./pages/content/Content"), ["content", "user", "withdraw"]);

export const ROUTES: readonly AppRoute[] = [
  { path: "/", page: welcome },
  { path: paths.welcome, page: welcome },
  { path: paths.home, tab: true, prefetch: prefetchHome, page: page(() => import("./pages/index/Home")) },
  {
    path: paths.product,
    tab: true,
    prefetch: prefetchProducts,
    page: page(() => import("./pages/product/Product"), ["user"]),
  },
  { path: paths.recordsTab, tab: true, signedIn: true, page: fundRecords },
  {
    path: paths.user,
    tab: true,
    signedIn: true,
    prefetch: prefetchMe,
    page: page(() => import("./pages/user/User"), ["user", "practice"]),
  },
  {
    path: paths.detail,
    page: page(() => import("./pages/detail/Detail"), ["trading", "limits", "practice"]),
  },
  { path: paths.productRules, page: page(() => import("./pages/detail/ProductRules"), ["trading"]) },
  { path: paths.login, page: page(() => import("./pages/login/Login"), ["twoFactor"]) },
  { path: paths.fairness, page: page(() => import("./pages/fairness/Fairness"), ["orders", "user"]) },
  { path: paths.savingsRules, page: page(() => import("./pages/savings/SavingsRules"), ["savings"]) },
  {
    path: paths.registerCheck,
    // "account": the nationality field's own texts (the country sheet's search).
    page: page(() => import("./pages/login/RegisterCheck"), ["register", "account"]),
  },
  {
    path: paths.register,
    page: page(() => import("./pages/login/Register"), ["register", "content"]),
  },
  ...signedIn({
    [paths.settings]: page(() => import("./pages/set/Settings"), ["settings"]),
    [paths.password]: page(() => import("./pages/password/Password"), ["password", "stepUp"]),
    [paths.twoFactor]: page(() => import("./pages/two-factor/TwoFactor"), ["twoFactor", "stepUp"]),
    [paths.deposit]: page(() => import("./pages/deposit/Deposit"), ["deposit", "limits", "user"]),
    [paths.withdrawAccount]: page(() => import("./pages/account/Account"), ["account"]),
    [paths.withdrawAccountDetail]: page(() => import("./pages/account/AccountDetail"), ["account", "stepUp"]),
    [paths.withdraw]: page(
      () => import("./pages/withdraw-money/Withdraw"),
      ["withdraw", "account", "user", "stepUp"],
    ),
    [paths.order]: page(() => import("./pages/order/Orders"), ["orders", "trading", "user", "practice"]),
    [paths.orderDetail]: page(
      () => import("./pages/order/ContractDetail"),
      ["orders", "trading", "practice"],
    ),
    [paths.fundRecords]: fundRecords,
    [paths.depositDetails]: page(
      () => import("./pages/withdraw-list/DepositDetails"),
      ["deposit", "account", "orders", "user"],
    ),
    [paths.withdrawDetails]: page(
      () => import("./pages/withdraw-list/WithdrawalDetails"),
      ["withdraw", "account", "orders", "user"],
    ),
    [paths.savings]: page(() => import("./pages/savings/Savings"), ["savings", "user"]),
    [paths.savingsRecords]: page(() => import("./pages/savings/SavingsRecords"), ["savings", "user"]),
    [paths.transfer]: page(() => import("./pages/savings/Transfer"), ["savings"]),
    [paths.verification]: page(
      () => import("./pages/verification/Verification"),
      ["verification", "account"],
    ),
    [paths.messages]: page(
      () => import("./pages/message/Message"),
      ["messages", "verification", "limits", "user"],
    ),
    [paths.chat]: page(() => import("./pages/chat/Chat"), ["chat"]),
    [paths.limits]: page(() => import("./pages/limits/Limits"), ["limits", "user", "stepUp"]),
    [paths.passkeys]: page(() => import("./pages/passkeys/Passkeys"), ["passkeys", "stepUp"]),
    [paths.solvency]: page(() => import("./pages/solvency/Solvency"), ["solvency"]),
    [paths.sessions]: page(() => import("./pages/sessions/Sessions"), ["sessions", "user", "stepUp"]),
    [paths.notifications]: page(() => import("./pages/notifications/Notifications"), ["notifications"]),
  }),
  // Last here, so that the first load's list of chunks to preload grows least.
  ...[paths.aboutUs, paths.privacy, paths.agreement, paths.article].map((path) => ({ path, page: content })),
  { path: NEWS_PATH, page: page(() => import("./pages/index/NewsList"), ["content", "user"]) },
];

const normalized = (pathname: string): string => pathname.toLowerCase().replace(/\/+$/, "") || "/";
/** Addresses match whatever their letters' case and a trailing slash, as typed links do. */
const ROUTE_AT = new Map(ROUTES.map((route) => [normalized(route.path), route]));

function routeAt(pathname: string): AppRoute | undefined {
  return ROUTE_AT.get(normalized(pathname));
}

/** The page's code, its texts and the layout it is drawn in, for the page at `pathname`. */
export function routeReady(pathname: string): Promise<void> {
  const route = routeAt(pathname);
  return Promise.all([(route?.page ?? notFound).preload(), route?.tab ? TabLayout.preload() : null]).then(
    () => undefined,
  );
}

/**
 * A move to `pathname` starts: its page's code and texts download, and its data is asked for, at once
 * and side by side.
 */
export function prepareRoute(pathname: string): void {
  routeAt(pathname)?.prefetch?.();
  // A failed download is tried again, and reported, when the page is drawn.
  routeReady(pathname).catch(() => undefined);
}

/** The login page, coming back to `place` afterwards. */
export const loginFrom = (place: Place): string => loginPath(place.pathname + place.search);

/** A page behind a session, for a visitor without one: the login page, coming back afterwards. */
export function redirectFor(place: Place): string | null {
  if (!routeAt(place.pathname)?.signedIn || useSession.getState().token) return null;
  return loginFrom(place);
}

/** The session ended while its page is shown (signed out elsewhere, expired). */
function SignedIn({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  const { place } = useNavigationState();
  if (!token) return <Navigate to={loginFrom(place)} replace />;
  return children;
}

/** The page at the address, in its layout, inside the app's root layout. */
export function AppRoutes() {
  const { place } = useNavigationState();
  const route = routeAt(place.pathname);
  const Page = route?.page ?? notFound;
  const drawn = <Page key={route?.path ?? "*"} />;
  const guarded = route?.signedIn ? <SignedIn>{drawn}</SignedIn> : drawn;
  return (
    <Root>
      <RouteErrorBoundary at={place.key} fallback={(error) => <RouteError error={error} />}>
        {route?.tab ? <TabLayout>{guarded}</TabLayout> : guarded}
      </RouteErrorBoundary>
    </Root>
  );
}
