import type { ComponentType } from "react";
import {
  createBrowserRouter,
  type LoaderFunctionArgs,
  Outlet,
  type RouteObject,
  redirect,
} from "react-router";
import { BootSpinner } from "./components/BootSpinner/BootSpinner";
import { RouteError } from "./components/RouteError/RouteError";
import { signInPath } from "./lib/next-path";
import { AREA_PATHS, BASENAME, SIGN_IN_PATH, stripBasename } from "./lib/paths";
import type { AreaHandle, ConsoleArea } from "./lib/permissions";
import { useSession } from "./store/session";

type PageModule = { default: ComponentType };

/** Every page is a chunk of its own, downloaded when its route is first opened. */
const page =
  (load: () => Promise<PageModule>): RouteObject["lazy"] =>
  async () => ({ Component: (await load()).default });

const area = (name: ConsoleArea, load: () => Promise<PageModule>): RouteObject => ({
  path: AREA_PATHS[name].slice(1),
  handle: { area: name } satisfies AreaHandle,
  lazy: page(load),
});

/** The console needs a session: without one, sign in and come back here. */
function requireSession({ request }: LoaderFunctionArgs): null {
  if (useSession.getState().token) return null;
  const url = new URL(request.url);
  throw redirect(signInPath(stripBasename(url.pathname) + url.search));
}

export const routes: RouteObject[] = [
  {
    id: "root",
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootSpinner />,
    children: [
      { path: SIGN_IN_PATH, lazy: page(() => import("./pages/sign-in/SignIn")) },
      {
        path: "/",
        loader: requireSession,
        lazy: page(() => import("./components/ConsoleLayout/ConsoleLayout")),
        children: [
          { index: true, lazy: page(() => import("./pages/home/Home")) },
          area("dashboard", () => import("./pages/dashboard/Dashboard")),
          area("desk", () => import("./pages/desk/Desk")),
          area("risk", () => import("./pages/risk/Risk")),
          area("deposits", () => import("./pages/deposits/Deposits")),
          area("withdrawals", () => import("./pages/withdrawals/Withdrawals")),
          area("verifications", () => import("./pages/verification/Verifications")),
          area("chats", () => import("./pages/chat/Chat")),
          area("users", () => import("./pages/users/Users")),
          {
            path: `${AREA_PATHS.users.slice(1)}/:id`,
            handle: { area: "users" } satisfies AreaHandle,
            lazy: page(() => import("./pages/users/UserPage")),
          },
          area("markets", () => import("./pages/markets/Markets")),
          area("savings", () => import("./pages/savings/Savings")),
          area("solvency", () => import("./pages/solvency/Solvency")),
          area("content", () => import("./pages/content/Content")),
          area("broadcasts", () => import("./pages/broadcasts/Broadcasts")),
          area("settings", () => import("./pages/settings/Settings")),
          area("operators", () => import("./pages/operators/Operators")),
          area("audit", () => import("./pages/audit/AuditLog")),
          { path: "*", lazy: page(() => import("./pages/not-found/NotFound")) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });
