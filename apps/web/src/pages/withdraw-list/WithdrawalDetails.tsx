import { formatMoney, type Withdrawal } from "@tickfair/contract";
import { Button, Dialog, Toast } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useCancelWithdrawal, useWithdrawals } from "../../api/cashier";
import { errorText } from "../../api/messages";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { StatusTag } from "../../components/StatusTag/StatusTag";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import "./orders.css";

/** Withdrawal details: amount, fee, amount received, destination, status; those under review can be cancelled. */
export default function WithdrawalDetails() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useWithdrawals();
  return (
    <div className="page">
      <PageNavBar title={t("orders.withdrawTitle")} backTo={paths.user} />
      <main className="page__body cashier">
        <PagedList
          query={query}
          testId="withdrawal-list"
          empty={
            <EmptyState
              title={t("cashier.noWithdrawalRecords")}
              testId="withdrawals-empty"
              action={
                <Button color="primary" shape="rounded" onClick={() => navigate(paths.withdraw)}>
                  {t("orders.withdrawNow")}
                </Button>
              }
            />
          }
          renderItem={(withdrawal) => <WithdrawalCard key={withdrawal.id} withdrawal={withdrawal} />}
        />
      </main>
    </div>
  );
}

function WithdrawalCard({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const cancel = useCancelWithdrawal();
  const money = (value: string) => formatMoney(value, locale);

  async function confirmCancel() {
    const confirmed = await Dialog.confirm({
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
    <li
      className="order-card card"
      data-testid="withdrawal-item"
      data-id={withdrawal.id}
      data-status={withdrawal.status}
    >
      <div className="order-card__head">
        <span className="order-card__no">
          <small>{t("orders.orderNo")}</small>
          <span className="num" data-testid="withdrawal-order-no">
            {withdrawal.orderNo}
          </span>
        </span>
        <StatusTag status={withdrawal.status} testId="withdrawal-status" />
      </div>
      <div className="order-card__amount num" data-testid="withdrawal-amount-value">
        {money(withdrawal.amount)}
      </div>
      <dl className="order-card__rows">
        <div>
          <dt>{t("withdraw.fee")}</dt>
          <dd className="num" data-testid="withdrawal-fee">
            {money(withdrawal.fee)}
          </dd>
        </div>
        <div>
          <dt>{t("withdraw.received")}</dt>
          <dd className="num order-card__strong" data-testid="withdrawal-received">
            {money(withdrawal.netAmount)}
          </dd>
        </div>
        <div>
          <dt>{t("orders.method")}</dt>
          <dd>{withdrawal.method === "bank" ? t("account.typeBank") : t("account.typeCrypto")}</dd>
        </div>
        <div>
          <dt>{t("withdraw.destination")}</dt>
          <dd className="num order-card__secret">{withdrawal.destination}</dd>
        </div>
        {withdrawal.status === "failed" && withdrawal.reason ? (
          <div className="order-card__reason">
            <dt>{t("orders.reason")}</dt>
            <dd data-testid="withdrawal-reason">{withdrawal.reason}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("orders.createdAt")}</dt>
          <dd className="num">{formatDateTime(withdrawal.createdAt, locale)}</dd>
        </div>
        {withdrawal.reviewedAt ? (
          <div>
            <dt>{withdrawal.status === "cancelled" ? t("orders.cancelledAt") : t("orders.reviewedAt")}</dt>
            <dd className="num">{formatDateTime(withdrawal.reviewedAt, locale)}</dd>
          </div>
        ) : null}
      </dl>
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
    </li>
  );
}
