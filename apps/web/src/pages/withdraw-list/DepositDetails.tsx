import { type Deposit, formatMoney } from "@tickfair/contract";
import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useDeposits } from "../../api/cashier";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { StatusTag } from "../../components/StatusTag/StatusTag";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import "./orders.css";

/** Deposit details: each deposit request with its order number, status and review. */
export default function DepositDetails() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useDeposits();
  return (
    <div className="page">
      <PageNavBar title={t("orders.depositTitle")} backTo={paths.user} />
      <main className="page__body cashier">
        <PagedList
          query={query}
          testId="deposit-list"
          empty={
            <EmptyState
              title={t("cashier.noDepositRecords")}
              testId="deposits-empty"
              action={
                <Button color="primary" shape="rounded" onClick={() => navigate(paths.deposit)}>
                  {t("orders.depositNow")}
                </Button>
              }
            />
          }
          renderItem={(deposit) => <DepositCard key={deposit.id} deposit={deposit} />}
        />
      </main>
    </div>
  );
}

function DepositCard({ deposit }: { deposit: Deposit }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <li
      className="order-card card"
      data-testid="deposit-item"
      data-id={deposit.id}
      data-status={deposit.status}
    >
      <div className="order-card__head">
        <span className="order-card__no">
          <small>{t("orders.orderNo")}</small>
          <span className="num" data-testid="deposit-order-no">
            {deposit.orderNo}
          </span>
        </span>
        <StatusTag status={deposit.status} testId="deposit-status" />
      </div>
      <div className="order-card__amount num" data-testid="deposit-amount-value">
        {formatMoney(deposit.amount, locale)}
      </div>
      <dl className="order-card__rows">
        <div>
          <dt>{t("orders.method")}</dt>
          <dd>
            {deposit.method.name}
            <small className="order-card__kind">
              {deposit.method.kind === "bank" ? t("deposit.kindBank") : t("account.typeCrypto")}
            </small>
          </dd>
        </div>
        <div>
          <dt>{t("orders.reference")}</dt>
          <dd className="num">{deposit.reference}</dd>
        </div>
        {deposit.hasProof ? (
          <div>
            <dt>{t("orders.proof")}</dt>
            <dd>{t("orders.proofAttached")}</dd>
          </div>
        ) : null}
        {deposit.status === "failed" && deposit.reason ? (
          <div className="order-card__reason">
            <dt>{t("orders.reason")}</dt>
            <dd data-testid="deposit-reason">{deposit.reason}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("orders.createdAt")}</dt>
          <dd className="num">{formatDateTime(deposit.createdAt, locale)}</dd>
        </div>
        {deposit.reviewedAt ? (
          <div>
            <dt>{t("orders.reviewedAt")}</dt>
            <dd className="num">{formatDateTime(deposit.reviewedAt, locale)}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}
