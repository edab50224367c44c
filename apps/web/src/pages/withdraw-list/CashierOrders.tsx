import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { type CashierStatus, formatMoney } from "@tickfair/contract";
import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type DetailRow, DetailRows } from "../../components/DetailRows/DetailRows";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { NavButton } from "../../components/NavButton/NavButton";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { StatusTag, type StatusWording } from "../../components/StatusTag/StatusTag";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import "./orders.css";

/** What deposit and withdrawal requests have in common. */
interface CashierOrder {
  id: string;
  orderNo: string;
  status: CashierStatus;
  amount: string;
  reason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** The test ids' stem: `${kind}-item`, `${kind}-status`… */
type OrderKind = "deposit" | "withdrawal";

const PAGE_TEXTS = {
  deposit: {
    title: "orders.depositTitle",
    empty: "cashier.noDepositRecords",
    start: "orders.depositNow",
    startPath: paths.deposit,
  },
  withdrawal: {
    title: "orders.withdrawTitle",
    empty: "cashier.noWithdrawalRecords",
    start: "orders.withdrawNow",
    startPath: paths.withdraw,
  },
} as const;

interface CashierOrdersPageProps<T extends CashierOrder> {
  kind: OrderKind;
  query: UseInfiniteQueryResult<InfiniteData<{ items: T[]; nextCursor: string | null }>, Error>;
  /** One request of the list. */
  Card: ComponentType<{ order: T }>;
}

/**
 * A page of the user's deposit or withdrawal requests, newest first, reached from the user page; with
 * none yet, a button to the page where the first one is made.
 */
export function CashierOrdersPage<T extends CashierOrder>({ kind, query, Card }: CashierOrdersPageProps<T>) {
  const { t } = useTranslation();
  const texts = PAGE_TEXTS[kind];
  return (
    <div className="page">
      <PageNavBar title={t(texts.title)} backTo={paths.user} />
      <main className="page__body cashier">
        <PagedList
          query={query}
          testId={`${kind}-list`}
          empty={
            <EmptyState
              title={t(texts.empty)}
              testId={`${kind}s-empty`}
              action={<NavButton to={texts.startPath}>{t(texts.start)}</NavButton>}
            />
          }
          renderItem={(order) => <Card key={order.id} order={order} />}
        />
      </main>
    </div>
  );
}

interface OrderCardProps {
  order: CashierOrder;
  kind: OrderKind;
  /** The rows that only this kind of request has, shown before why it failed and when. */
  rows: readonly (DetailRow | false | null)[];
  /** The label of `reviewedAt` where it is not a review (a cancellation). */
  reviewedLabel?: string;
  /** The status said more precisely than its name. */
  wording?: StatusWording | undefined;
  children?: ReactNode;
}

/** One request: order number, status and amount, its own rows, then why it failed and its times. */
export function OrderCard({ order, kind, rows, reviewedLabel, wording, children }: OrderCardProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <li
      className="order-card card"
      data-testid={`${kind}-item`}
      data-id={order.id}
      data-status={order.status}
    >
      <div className="card-head">
        <span className="order-card__no">
          <small>{t("orders.orderNo")}</small>
          <span className="num" data-testid={`${kind}-order-no`}>
            {order.orderNo}
          </span>
        </span>
        <StatusTag status={order.status} testId={`${kind}-status`} wording={wording} />
      </div>
      <div className="order-card__amount num" data-testid={`${kind}-amount-value`}>
        {formatMoney(order.amount, locale)}
      </div>
      <DetailRows
        className="order-card__rows"
        rows={[
          ...rows,
          order.status === "failed" && order.reason
            ? {
                label: t("orders.reason"),
                value: order.reason,
                testId: `${kind}-reason`,
                rowClassName: "order-card__reason",
              }
            : null,
          { label: t("orders.createdAt"), value: formatDateTime(order.createdAt, locale), className: "num" },
          order.reviewedAt
            ? {
                label: reviewedLabel ?? t("orders.reviewedAt"),
                value: formatDateTime(order.reviewedAt, locale),
                className: "num",
              }
            : null,
        ]}
      />
      {children}
    </li>
  );
}
