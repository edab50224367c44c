import type { CashierStatus } from "@tickfair/contract";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

/** Each status's colour; also the list of statuses the queues filter by, in this order. */
export const STATUS_COLORS: Record<CashierStatus, string> = {
  under_review: "processing",
  success: "success",
  failed: "error",
  cancelled: "default",
};

export const CASHIER_STATUS_LIST = Object.keys(STATUS_COLORS) as CashierStatus[];

/**
 * `wording`: the status said more precisely than its name, in its own colour (an approved withdrawal:
 * being sent, or paid).
 */
export function StatusTag({
  status,
  wording,
}: {
  status: CashierStatus;
  wording?: { label: string; color: string };
}) {
  const { t } = useTranslation();
  return (
    <Tag
      color={wording?.color ?? STATUS_COLORS[status]}
      bordered={false}
      className="tag-flush"
      data-testid="status-tag"
    >
      {wording?.label ?? t(`status.${status}`)}
    </Tag>
  );
}
