import { formatMoney, type Withdrawal } from "@tickfair/contract";
import { Button, Toast } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useCancelWithdrawal, useWithdrawals } from "../../api/cashier";
import { errorText } from "../../api/messages";
import { confirmDialog } from "../../lib/dialogs";
import { CashierOrdersPage, OrderCard } from "./CashierOrders";
import { WithdrawalTimeline } from "./WithdrawalTimeline";

/**
 * Withdrawal details: amount, fee, destination, status and timeline (and once paid, the amount
 * received); those under review can be cancelled.
 */
export default function WithdrawalDetails() {
  return <CashierOrdersPage kind="withdrawal" query={useWithdrawals()} Card={WithdrawalCard} />;
}

function WithdrawalCard({ order: withdrawal }: { order: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const cancel = useCancelWithdrawal();
  const money = (value: string) => formatMoney(value, locale);
  const paid = withdrawal.steps.some((step) => step.kind === "paid");
  // Approved is not received: until the operator records the payment, it is being sent.
  const wording =
    withdrawal.status === "success"
      ? paid
        ? { label: t("withdraw.timeline.statusPaid"), tone: "success" as const }
        : { label: t("withdraw.timeline.statusSending"), tone: "warn" as const }
      : undefined;

  async function confirmCancel() {
    const confirmed = await confirmDialog({
      content: t("orders.cancelConfirm", { amount: money(withdrawal.amount) }),
      confirmText: t("orders.cancelYes"),
      cancelText: t("orders.cancelNo"),
    });
    if (!confirmed) return;
    // A retry after no answer (network, timeout) sends the same key, so it cannot cancel twice.
    try {
      await cancel.mutateAsync(withdrawal.id);
      Toast.show({ icon: "success", content: t("common.operationSuccess") });
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    }
  }

  return (
    <OrderCard
      order={withdrawal}
      kind="withdrawal"
      rows={[
        {
          label: t("withdraw.fee"),
          value: money(withdrawal.fee),
          className: "num",
          testId: "withdrawal-fee",
        },
        // Money only arrives once the withdrawal is paid out; a cancelled or rejected one received nothing.
        withdrawal.status === "success" && {
          label: paid ? t("withdraw.received") : t("withdraw.timeline.toReceive"),
          value: money(withdrawal.netAmount),
          className: "num order-card__strong",
          testId: "withdrawal-received",
        },
        {
          label: t("orders.method"),
          value: withdrawal.method === "bank" ? t("account.typeBank") : t("account.typeCrypto"),
        },
        {
          label: t("withdraw.destination"),
          value: withdrawal.destination,
          className: "num order-card__secret",
        },
      ]}
      reviewedLabel={withdrawal.status === "cancelled" ? t("orders.cancelledAt") : undefined}
      wording={wording}
    >
      <WithdrawalTimeline withdrawal={withdrawal} />
      {withdrawal.status === "under_review" ? (
        <div className="order-card__actions">
          <Button
            size="small"
            fill="outline"
            shape="rounded"
            loading={cancel.isPending}
            disabled={cancel.isPending}
            data-testid="withdrawal-cancel"
            onClick={() => void confirmCancel()}
          >
            {t("orders.cancel")}
          </Button>
        </div>
      ) : null}
    </OrderCard>
  );
}
