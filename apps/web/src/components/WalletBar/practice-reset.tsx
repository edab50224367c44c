import { Toast } from "antd-mobile";
import type { TFunction } from "i18next";
import { errorText } from "../../api/messages";
import { resetPractice } from "../../api/practice";
import { confirmDialog } from "../../lib/dialogs";

/**
 * Asks before the practice account goes back to its starting units, then says how it went. A module
 * of its own: the dialog and the toast load when the user taps Reset, not with the orders page.
 */
export async function confirmPracticeReset(t: TFunction, amount: string): Promise<void> {
  const question = t("practice.resetConfirm", { amount });
  const sure = await confirmDialog({
    label: question,
    content: <span data-testid="practice-reset-confirm">{question}</span>,
    confirmText: t("practice.reset"),
    cancelText: t("practice.cancel"),
  });
  if (!sure) return;
  try {
    await resetPractice();
    Toast.show({ content: t("practice.resetDone") });
  } catch (error) {
    Toast.show({ content: errorText(error) });
  }
}
