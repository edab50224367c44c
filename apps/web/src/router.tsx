import type { ComponentType } from "react";
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from "react-router";
import { BootSplash, Root } from "./components/Root";
import { RouteError } from "./components/RouteError";
import { BASENAME, loginPath, paths, stripBasename } from "./lib/paths";
import { useSession } from "./store/session";

type PageModule = { default: ComponentType };

/** Every page is its own chunk. */
const page =
  (load: () => Promise<PageModule>): RouteObject["lazy"] =>
  async () => ({
    Component: (await load()).default,
  });

/** Pages that need a session send a visitor to log in and come back afterwards. */
export function requireSession({ request }: LoaderFunctionArgs): Response | null {
  if (useSession.getState().token) return null;
  const url = new URL(request.url);
  throw redirect(loginPath(stripBasename(url.pathname) + url.search));
}

const welcome = page(() => import("./pages/welcome/Welcome"));

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
        lazy: page(() => import("./components/TabLayout")),
        children: [
          { path: paths.home, lazy: page(() => import("./pages/index/Home")) },
          { path: paths.product, lazy: page(() => import("./pages/product/Product")) },
          {
            path: paths.moneyRecords,
            loader: requireSession,
            lazy: page(() => import("./pages/money-record/MoneyRecords")),
          },
          { path: paths.user, loader: requireSession, lazy: page(() => import("./pages/user/User")) },
        ],
      },
      { path: paths.detail, lazy: page(() => import("./pages/detail/Detail")) },
      { path: paths.login, lazy: page(() => import("./pages/login/Login")) },
      { path: paths.registerCheck, lazy: page(() => import("./pages/login/RegisterCheck")) },
      { path: paths.register, lazy: page(() => import("./pages/login/Register")) },
      { path: paths.settings, loader: requireSession, lazy: page(() => import("./pages/set/Settings")) },
      { path: paths.password, loader: requireSession, lazy: page(() => import("./pages/password/Password")) },
      { path: paths.deposit, loader: requireSession, lazy: page(() => import("./pages/deposit/Deposit")) },
      {
        path: paths.withdrawAccount,
        loader: requireSession,
        lazy: page(() => import("./pages/account/Account")),
      },
      {
        path: paths.withdrawAccountDetail,
        loader: requireSession,
        lazy: page(() => import("./pages/account/AccountDetail")),
      },
      {
        path: paths.withdraw,
        loader: requireSession,
        lazy: page(() => import("./pages/withdraw-money/Withdraw")),
      },
      { path: paths.order, loader: requireSession, lazy: page(() => import("./pages/order/Orders")) },
      {
        path: paths.orderDetail,
        loader: requireSession,
        lazy: page(() => import("./pages/order/ContractDetail")),
      },
      {
        path: paths.capitalRecord,
        loader: requireSession,
        lazy: page(() => import("./pages/money-record/MoneyRecord")),
      },
      {
        path: paths.depositDetails,
        loader: requireSession,
        lazy: page(() => import("./pages/withdraw-list/DepositDetails")),
      },
      {
        path: paths.withdrawDetails,
        loader: requireSession,
        lazy: page(() => import("./pages/withdraw-list/WithdrawalDetails")),
      },
      { path: "*", lazy: page(() => import("./pages/not-found/NotFound")) },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });
