import type { Withdrawal } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { StatusTag } from "./StatusTag";

export const isPaid = (withdrawal: Pick<Withdrawal, "steps">) =>
  withdrawal.steps.some((step) => step.kind === "paid");

/**
 * A withdrawal's status as the console says it everywhere: an approved one is "being sent" until its
 * paid step is recorded, then "paid" — "success" alone would read as money already out of the door.
 */
export function WithdrawalStatusTag({ withdrawal }: { withdrawal: Pick<Withdrawal, "status" | "steps"> }) {
  const { t } = useTranslation();
  if (withdrawal.status !== "success") return <StatusTag status={withdrawal.status} />;
  return (
    <StatusTag
      status={withdrawal.status}
      wording={
        isPaid(withdrawal)
          ? { label: t("withdrawals.statusPaid"), color: "success" }
          : { label: t("withdrawals.statusSending"), color: "warning" }
      }
    />
  );
}
