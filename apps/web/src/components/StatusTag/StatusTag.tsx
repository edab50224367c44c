import type { CashierStatus } from "@tickfair/contract";
import { useTranslation } from "react-i18next";

const TONE: Record<CashierStatus, string> = {
  success: "success",
  under_review: "warn",
  failed: "danger",
  cancelled: "muted",
};

/** success (green), under review (amber), failed (red), cancelled (grey). */
export function StatusTag({ status, testId }: { status: CashierStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`pill pill--${TONE[status]}`} data-testid={testId} data-status={status}>
      {t(`cashier.status.${status}`)}
    </span>
  );
}
