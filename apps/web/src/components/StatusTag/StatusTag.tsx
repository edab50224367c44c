import type { CashierStatus } from "@tickfair/contract";
import { useTranslation } from "react-i18next";

const TONE: Record<CashierStatus, string> = {
  success: "success",
  under_review: "warn",
  failed: "danger",
  cancelled: "muted",
};

/** A status said more precisely than the status alone (an approved withdrawal: sent, or paid). */
export interface StatusWording {
  label: string;
  tone: (typeof TONE)[CashierStatus];
}

/** success (green), under review (amber), failed (red), cancelled (grey). */
export function StatusTag({
  status,
  testId,
  wording,
}: {
  status: CashierStatus;
  testId?: string;
  wording?: StatusWording | undefined;
}) {
  const { t } = useTranslation();
  return (
    <span className={`pill pill--${wording?.tone ?? TONE[status]}`} data-testid={testId} data-status={status}>
      {wording?.label ?? t(`cashier.status.${status}`)}
    </span>
  );
}
