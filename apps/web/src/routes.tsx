import type { ComponentType } from "react";
import { type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import { prefetchBanners } from "./api/banners-query";
import { productsQuery } from "./api/market";
import { meQuery } from "./api/me-query";
import { queryClient } from "./api/query-client";
import { BootSplash, Root } from "./components/Root/Root";
import { RouteError } from "./components/RouteError/RouteError";
import { languageChosen, loadTextGroups } from "./i18n";
import type { TextGroup } from "./i18n/text-groups";
import { NEWS_PATH } from "./lib/news-path";
import { loginPath, paths, stripBasename } from "./lib/paths";
import { useSession } from "./store/session";

type PageModule = { default: ComponentType };

/**
 * Every page is its own chunk, downloaded with the groups of texts it shows beyond the core ones
 * (i18n/text-groups.ts): the page renders only once they are there.
 */
const page =
  (load: () => Promise<PageModule>, textGroups: readonly TextGroup[] = []): RouteObject["lazy"] =>
  async () => {
    const [module] = await Promise.all([load(), loadTextGroups(textGroups)]);
    return { Component: module.default };
  };

/** Pages that need a session send a visitor to log in and come back afterwards. */
export function requireSession({ request }: LoaderFunctionArgs): Response | null {
  if (useSession.getState().token) return null;
  const url = new URL(request.url);
  throw redirect(loginPath(stripBasename(url.pathname) + url.search));
}

/**
 * The personal center's figures are asked for as soon as the address is known, alongside the page's
 * code and texts rather than after them: on a slow link that is one round trip less before they show.
 */
function requireSessionAndFetchMe(args: LoaderFunctionArgs): null {
  requireSession(args);
  void queryClient.prefetchQuery(meQuery);
  return null;
}

/**
 * Home's banners and the products are asked for as soon as the address is known, alongside the page's
 * code rather than once it has rendered: on a slow link the banner's picture (home's largest element)
 * and the prices come round trips sooner, in the language the app is starting in. The build's
 * prerendering has no API to ask.
 */
const prefetchFirstData = (fetch: (locale: string) => unknown) => (): null => {
  if (typeof window !== "undefined") void languageChosen().then(fetch);
  return null;
};

const prefetchHome = prefetchFirstData((locale) =>
  Promise.all([prefetchBanners(locale), queryClient.prefetchQuery(productsQuery(locale, ""))]),
);
const prefetchProducts = prefetchFirstData((locale) => queryClient.prefetchQuery(productsQuery(locale, "")));

/** The routes of pages behind `requireSession`, by path. */
const signedIn = (pages: Record<string, RouteObject["lazy"]>): RouteObject[] =>
  Object.entries(pages).map(([path, lazy]) => ({ path, loader: requireSession, lazy }));

const welcome = page(() => import("./pages/welcome/Welcome"));
/** The fund records: tab 3, and a page of their own outside the tabs. */
const fundRecords = page(() => import("./pages/fund-records/FundRecords"), ["records", "user"]);

export const routes: RouteObject[] = [
  {
    id: "root",
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSplash />,
    children: [
      { index: true, lazy: welcome },
      { path: paths.welcome, lazy: welcome },
      {
        lazy: page(() => import("./components/TabLayout/TabLayout")),
        children: [
          { path: paths.home, loader: prefetchHome, lazy: page(() => import("./pages/index/Home")) },
          {
            path: paths.product,
            loader: prefetchProducts,
            lazy: page(() => import("./pages/product/Product"), ["user"]),
          },
          ...signedIn({
            [paths.recordsTab]: fundRecords,
          }),
          {
            path: paths.user,
            loader: requireSessionAndFetchMe,
            lazy: page(() => import("./pages/user/User"), ["user", "practice"]),
          },
        ],
      },
      {
        path: paths.detail,
        lazy: page(() => import("./pages/detail/Detail"), ["trading", "limits", "practice"]),
      },
      { path: paths.productRules, lazy: page(() => import("./pages/detail/ProductRules"), ["trading"]) },
      { path: paths.login, lazy: page(() => import("./pages/login/Login"), ["twoFactor"]) },
      { path: paths.fairness, lazy: page(() => import("./pages/fairness/Fairness"), ["orders", "user"]) },
      { path: paths.savingsRules, lazy: page(() => import("./pages/savings/SavingsRules"), ["savings"]) },
      {
        path: paths.registerCheck,
        // "account": the nationality field's own texts (the country sheet's search).
        lazy: page(() => import("./pages/login/RegisterCheck"), ["register", "account"]),
      },
      {
        path: paths.register,
        lazy: page(() => import("./pages/login/Register"), ["register", "content"]),
      },
      ...signedIn({
        [paths.settings]: page(() => import("./pages/set/Settings"), ["settings"]),
        [paths.password]: page(() => import("./pages/password/Password"), ["password", "stepUp"]),
        [paths.twoFactor]: page(() => import("./pages/two-factor/TwoFactor"), ["twoFactor", "stepUp"]),
        [paths.deposit]: page(() => import("./pages/deposit/Deposit"), ["deposit", "limits", "user"]),
        [paths.withdrawAccount]: page(() => import("./pages/account/Account"), ["account"]),
        [paths.withdrawAccountDetail]: page(
          () => import("./pages/account/AccountDetail"),
          ["account", "stepUp"],
        ),
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
      // One chunk for the four public content pages and the Markdown renderer only they use; it picks
      // the page by path. Last here, so that the first load's list of chunks to preload grows least.
      ...[paths.aboutUs, paths.privacy, paths.agreement, paths.article].map((path) => ({
        path,
        lazy: page(() => import("./pages/content/Content"), ["content", "user", "withdraw"]),
      })),
      { path: NEWS_PATH, lazy: page(() => import("./pages/index/NewsList"), ["content", "user"]) },
      { path: "*", lazy: page(() => import("./pages/not-found/NotFound")) },
    ],
  },
];
