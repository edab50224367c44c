import type { TFunction } from "i18next";
import { ApiError } from "../../api/errors";
import { errorText } from "../../api/messages";
import { confirmDialog } from "../../lib/dialogs";
import { paths } from "../../lib/paths";

const LIMIT_REFUSAL =
  /^(?:(?:DEPOSIT|STAKE|LOSS)_LIMIT_(?:DAY|7D|30D)_REACHED|OPEN_POSITIONS_LIMIT_REACHED|TAKING_A_BREAK|SELF_EXCLUDED)$/;

/** A refusal by a limit or break the user set themselves (not a platform rule). */
export function isLimitRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && LIMIT_REFUSAL.test(error.code);
}

/**
 * Says why the user's own limit refused an order or deposit, in a dialog rather than a passing toast,
 * with the way to the limits page where they can see what each period has used.
 */
export async function showLimitRefusal(error: ApiError, t: TFunction, open: (path: string) => void) {
  const text = errorText(error);
  const view = await confirmDialog({
    label: text,
    content: <span data-testid="limit-refusal">{text}</span>,
    confirmText: t("limits.refused.view"),
    cancelText: t("limits.refused.ok"),
  });
  if (view) open(paths.limits);
}
