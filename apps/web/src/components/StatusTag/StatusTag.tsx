import type { CashierStatus } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import "./status-tag.css";

/** success (green), under review (amber), failed (red), cancelled (grey). */
export function StatusTag({ status, testId }: { status: CashierStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`status-tag status-tag--${status}`} data-testid={testId} data-status={status}>
      {t(`cashier.status.${status}`)}
    </span>
  );
}
