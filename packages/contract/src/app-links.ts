/**
 * The pages of the phone app a banner or a pop-up may open: a link is one of these, with an optional
 * query (`/pages/Detail/Detail?symbol=BTC%2FUSDT`), never an address outside the app. The web app's
 * test checks each is one of its routes.
 */
export const APP_LINK_PATHS = [
  "/pages/index/index",
  "/pages/product/product",
  "/pages/Detail/Detail",
  "/pages/Detail/rules",
  "/pages/deposit/deposit",
  "/pages/order/order",
  "/pages/money/money",
  "/pages/money/detail",
  "/pages/message/message",
  "/pages/kefu/kefu",
  "/pages/aboutUs/aboutUs",
  "/pages/index/detail",
  "/pages/verify/verify",
  "/pages/limits/limits",
  "/pages/fairness/fairness",
  "/pages/solvency/solvency",
  "/pages/user/user",
] as const;

/** A path of APP_LINK_PATHS, then at most a query of plain URL characters (no scheme, no host, no fragment). */
export function isAppLink(link: string): boolean {
  const match = /^(\/[A-Za-z/-]+)(\?[A-Za-z0-9%._~=&-]*)?$/.exec(link);
  return match !== null && (APP_LINK_PATHS as readonly string[]).includes(match[1] ?? "");
}
