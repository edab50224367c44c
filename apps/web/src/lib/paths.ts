/** The app's base path (vite `base`, and the base of every address the router writes). */
export const BASENAME = "/h5";

/** Routes of this issue and the later routes that entries already link to (ARCHITECTURE §4). */
export const paths = {
  welcome: "/pages/welcome/welcome",
  home: "/pages/index/index",
  product: "/pages/product/product",
  recordsTab: "/pages/money-record/money-records",
  user: "/pages/user/user",
  login: "/pages/login/login",
  registerCheck: "/pages/login/registerCheck",
  register: "/pages/login/register",
  settings: "/pages/set/set",
  password: "/pages/password/password",
  deposit: "/pages/deposit/deposit",
  withdraw: "/pages/withdraw-money/withdraw-money",
  verification: "/pages/verify/verify",
  order: "/pages/order/order",
  orderDetail: "/pages/order/detail",
  depositDetails: "/pages/withdraw-list/withdraw-open",
  withdrawDetails: "/pages/withdraw-list/withdraw-list",
  fundRecords: "/pages/money-record/money-record",
  withdrawAccount: "/pages/account/account",
  withdrawAccountDetail: "/pages/account/account-detail",
  aboutUs: "/pages/aboutUs/aboutUs",
  messages: "/pages/message/message",
  chat: "/pages/kefu/kefu",
  privacy: "/pages/yinsi/yinsi",
  agreement: "/pages/yinsi/gy",
  article: "/pages/index/detail",
  detail: "/pages/Detail/Detail",
  /** Not in the specification: a product's published terms, their history and expected value (`?symbol=`). */
  productRules: "/pages/Detail/rules",
  savings: "/pages/money/money",
  savingsRules: "/pages/money/detail",
  savingsRecords: "/pages/Particulars/Particulars",
  transfer: "/pages/transfer/transfer",
  /** Not in the specification: the user's own limits and breaks (ARCHITECTURE §5 "Responsible trading"). */
  limits: "/pages/limits/limits",
  /** Not in the specification: how the prices are committed in advance and checked (docs/fairness.md). */
  fairness: "/pages/fairness/fairness",
  /** Not in the specification: the user's balance in the platform's published liabilities (docs/solvency.md). */
  solvency: "/pages/solvency/solvency",
  /** Not in the specification: two-step sign-in with an authenticator app (decision 0068). */
  twoFactor: "/pages/two-factor/two-factor",
  /** Not in the specification: the devices signed in to the account, each of which can be signed out. */
  sessions: "/pages/sessions/sessions",
  /** Not in the specification: the user's passkeys (docs/decisions/0069-passkeys.md). */
  passkeys: "/pages/passkeys/passkeys",
  /** Not in the specification: push notifications on this device (docs/decisions/0073-push-notifications.md). */
  notifications: "/pages/notifications/notifications",
} as const;

/** The trading detail of a product ("BTC/USDT" → /pages/Detail/Detail?symbol=BTC%2FUSDT). */
export function detailPath(symbol: string): string {
  return `${paths.detail}?symbol=${encodeURIComponent(symbol)}`;
}

/** A product's trading rules (/pages/Detail/rules?symbol=BTC%2FUSDT). */
export function productRulesPath(symbol: string): string {
  return `${paths.productRules}?symbol=${encodeURIComponent(symbol)}`;
}

/** One contract's terms, ticks and verification (/pages/order/detail?id=12). */
export function orderDetailPath(id: string): string {
  return `${paths.orderDetail}?id=${encodeURIComponent(id)}`;
}

/** The contract's page, running its Verify on arrival (a result's "Verify" link). */
export function orderVerifyPath(id: string): string {
  return `${orderDetailPath(id)}&verify=1`;
}

const AUTH_PAGES: readonly string[] = [paths.login, paths.registerCheck, paths.register];

/** The app path (without the /h5 base) of a browser pathname. */
export function stripBasename(pathname: string): string {
  if (pathname === BASENAME) return "/";
  return pathname.startsWith(`${BASENAME}/`) ? pathname.slice(BASENAME.length) : pathname;
}

/**
 * A `?redirect=` target that is safe to follow: a path inside this app (no scheme, no other host,
 * not a login or register page), else the fallback.
 */
export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return fallback;
  if ([...target].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  let url: URL;
  try {
    url = new URL(target, "http://app.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://app.invalid") return fallback;
  const path = stripBasename(url.pathname);
  if (AUTH_PAGES.includes(path)) return fallback;
  return `${path}${url.search}${url.hash}`;
}

/** The login page, coming back to `from` (an app path) afterwards. */
export function loginPath(from?: string | null): string {
  if (!from || from === "/" || AUTH_PAGES.some((p) => from.startsWith(p))) return paths.login;
  return `${paths.login}?redirect=${encodeURIComponent(from)}`;
}
