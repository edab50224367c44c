import type { OperatorDeposit } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Badge, Button, type TableColumnsType } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDepositPage } from "../../api/deposits";
import { FilteredTable } from "../../components/ListToolbar/FilteredTable";
import { useEmptyListText, useListFilters } from "../../components/ListToolbar/ListToolbar";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { useUrlPaging } from "../../components/paged-table/paging";
import { StatusFilter, useStatusFilter } from "../../components/StatusFilter/StatusFilter";
import { StatusTag } from "../../components/StatusTag/StatusTag";
import { UserLink } from "../../components/UserLink/UserLink";
import { formatTime } from "../../lib/format";
import { DepositDrawer } from "./DepositDrawer";

/** The deposits queue: filter by status, search and days, page through, export, open one to review it. */
export default function Deposits() {
  const { t, i18n } = useTranslation();
  const status = useStatusFilter();
  const filters = useListFilters();
  const paging = useUrlPaging({ sizes: true });
  const empty = useEmptyListText(status === "under_review" ? t("deposits.emptyQueue") : undefined);
  const page = useDepositPage({ status, ...filters, ...paging.request });
  // The deposit under review: kept whole, so the drawer still shows it after a decision takes it off this page.
  const [open, setOpen] = useState<OperatorDeposit | null>(null);
  const locale = i18n.language;

  const columns: TableColumnsType<OperatorDeposit> = [
    {
      title: t("deposits.orderNo"),
      dataIndex: "orderNo",
      render: (orderNo: string) => <span className="mono">{orderNo}</span>,
    },
    {
      title: t("review.user"),
      className: "nowrap",
      render: (_, deposit) => <UserLink user={deposit.user} />,
    },
    { title: t("deposits.method"), className: "nowrap", render: (_, deposit) => deposit.method.name },
    {
      title: t("review.amount"),
      dataIndex: "amount",
      align: "right",
      render: (amount: string) => <span className="tabular">{formatMoney(amount, locale)}</span>,
    },
    { title: t("deposits.reference"), dataIndex: "reference", ellipsis: true },
    {
      title: t("review.status"),
      className: "nowrap",
      render: (_, deposit) =>
        deposit.status === "under_review" && deposit.approvals.length > 0 ? (
          <Badge status="warning" text={t("deposits.awaitingSecondShort")} />
        ) : (
          <StatusTag status={deposit.status} />
        ),
    },
    {
      title: t("review.createdAt"),
      dataIndex: "createdAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
    {
      title: t("review.actions"),
      align: "right",
      render: (_, deposit) => (
        <Button
          size="small"
          type={deposit.status === "under_review" ? "primary" : "default"}
          onClick={() => setOpen(deposit)}
        >
          {deposit.status === "under_review" ? t("review.review") : t("review.view")}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t("nav.deposits")} extra={<StatusFilter />} />
      <FilteredTable<OperatorDeposit>
        query={page}
        paging={paging}
        list="deposits"
        placeholder={t("deposits.searchPlaceholder")}
        scope={{ status }}
        empty={empty}
        columns={columns}
        scroll={{ x: "max-content" }}
        onRow={(deposit) => ({ onDoubleClick: () => setOpen(deposit) })}
        data-testid="deposits-table"
      />
      <DepositDrawer deposit={open} onChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
