import type { TFunction } from "i18next";
import { ApiError } from "../../api/errors";

/**
 * What the order ticket says when an exposure cap refused the order: which side of the product is
 * full, or that the user's own open orders on it are, with what to try instead. Null for any other
 * error (and for a refusal without details, which the code's own message then explains).
 */
export function capRefusalText(error: unknown, t: TFunction): string | null {
  if (!(error instanceof ApiError) || error.code !== "EXPOSURE_LIMIT_REACHED") return null;
  const { cap, direction } = error.details ?? {};
  if (cap === "user_product") return t("trading.capRefused.user");
  if (cap === "product_direction" && direction === "up") return t("trading.capRefused.up");
  if (cap === "product_direction" && direction === "down") return t("trading.capRefused.down");
  return null;
}
