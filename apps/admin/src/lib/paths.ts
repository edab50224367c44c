import type { ConsoleArea } from "./permissions";

/** The console's base path (vite.config.ts `base`, the router's basename, the server's prefix). */
export const BASENAME = "/admin";

export const SIGN_IN_PATH = "/sign-in";

/** Each area's route, inside the basename. */
export const AREA_PATHS: Record<ConsoleArea, string> = {
  dashboard: "/dashboard",
  desk: "/desk",
  risk: "/risk",
  deposits: "/deposits",
  withdrawals: "/withdrawals",
  verifications: "/verifications",
  chats: "/chats",
  users: "/users",
  markets: "/markets",
  savings: "/savings",
  solvency: "/solvency",
  content: "/content",
  broadcasts: "/broadcasts",
  settings: "/settings",
  operators: "/operators",
  audit: "/audit",
};

/** A browser path without the basename ("/admin/deposits?x" → "/deposits?x"). */
export function stripBasename(pathname: string): string {
  if (pathname === BASENAME) return "/";
  return pathname.startsWith(`${BASENAME}/`) ? pathname.slice(BASENAME.length) : pathname;
}
