import type { OperatorWithdrawal } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { App, Button, Flex, Space, type TableColumnsType, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDescribeError } from "../../api/use-describe-error";
import {
  useApproveWithdrawal,
  useMarkWithdrawalPaid,
  usePickUpWithdrawal,
  useRejectWithdrawal,
  useWithdrawalPage,
} from "../../api/withdrawals";
import { FilteredTable } from "../../components/ListToolbar/FilteredTable";
import { useEmptyListText, useListFilters } from "../../components/ListToolbar/ListToolbar";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { useUrlPaging } from "../../components/paged-table/paging";
import { RejectReasonModal } from "../../components/RejectReasonModal/RejectReasonModal";
import { ReviewUserContext } from "../../components/ReviewUserContext/ReviewUserContext";
import { StatusFilter, useStatusFilter } from "../../components/StatusFilter/StatusFilter";
import { isPaid, WithdrawalStatusTag } from "../../components/StatusTag/WithdrawalStatusTag";
import { UserLink } from "../../components/UserLink/UserLink";
import { formatTime } from "../../lib/format";
import { MarkPaidModal } from "./MarkPaidModal";
import { PayToDetails } from "./PayToDetails";
import { StepTimeline } from "./StepTimeline";

const isPickedUp = (withdrawal: OperatorWithdrawal) =>
  withdrawal.steps.some((step) => step.kind === "picked_up");

/**
 * The withdrawals queue: each row expands to its timeline and the full destination; take it, approve
 * or reject with a reason, and once the money is sent mark it paid with the payment's reference.
 */
export default function Withdrawals() {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const status = useStatusFilter();
  const filters = useListFilters();
  const paging = useUrlPaging({ sizes: true });
  const empty = useEmptyListText(status === "under_review" ? t("withdrawals.emptyQueue") : undefined);
  const page = useWithdrawalPage({ status, ...filters, ...paging.request });
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const pickUp = usePickUpWithdrawal();
  const markPaid = useMarkWithdrawalPaid();
  const [rejecting, setRejecting] = useState<OperatorWithdrawal | null>(null);
  const [paying, setPaying] = useState<OperatorWithdrawal | null>(null);
  const locale = i18n.language;
  const money = (amount: string) => formatMoney(amount, locale);

  const askApprove = (withdrawal: OperatorWithdrawal) =>
    modal.confirm({
      title: t("withdrawals.approveTitle", { orderNo: withdrawal.orderNo }),
      content: t("withdrawals.approveText", {
        net: money(withdrawal.netAmount),
        account: withdrawal.user.account,
        destination: withdrawal.destination,
      }),
      okText: t("review.approve"),
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          await approve.mutateAsync(withdrawal.id);
          message.success(t("withdrawals.approved"));
        } catch (error) {
          message.error(describe(error));
        }
      },
    });

  const submitReject = (reason: string) => {
    if (!rejecting) return;
    reject.mutate(
      { id: rejecting.id, reason },
      {
        onSuccess: () => {
          setRejecting(null);
          message.success(t("withdrawals.rejected"));
        },
      },
    );
  };

  const take = (withdrawal: OperatorWithdrawal) =>
    pickUp.mutate(withdrawal.id, {
      onSuccess: () => message.success(t("withdrawals.pickedUp")),
      onError: (error) => message.error(describe(error)),
    });

  const submitPaid = (reference: string) => {
    if (!paying) return;
    markPaid.mutate(
      { id: paying.id, reference },
      {
        onSuccess: () => {
          setPaying(null);
          message.success(t("withdrawals.paid"));
        },
      },
    );
  };

  const columns: TableColumnsType<OperatorWithdrawal> = [
    {
      title: t("withdrawals.orderNo"),
      dataIndex: "orderNo",
      render: (orderNo: string) => <span className="mono">{orderNo}</span>,
    },
    {
      title: t("review.user"),
      className: "nowrap",
      render: (_, withdrawal) => <UserLink user={withdrawal.user} />,
    },
    {
      title: t("review.amount"),
      dataIndex: "amount",
      align: "right",
      render: (amount: string) => <span className="tabular">{money(amount)}</span>,
    },
    {
      title: t("withdrawals.fee"),
      dataIndex: "fee",
      align: "right",
      render: (fee: string) => <span className="tabular">{money(fee)}</span>,
    },
    {
      title: t("withdrawals.net"),
      dataIndex: "netAmount",
      align: "right",
      render: (net: string) => <strong className="tabular">{money(net)}</strong>,
    },
    {
      title: t("withdrawals.destination"),
      className: "nowrap",
      render: (_, withdrawal) => (
        <Tooltip title={t(`withdrawals.method.${withdrawal.method}`)}>
          <span className="mono">{withdrawal.destination}</span>
        </Tooltip>
      ),
    },
    {
      title: t("review.status"),
      className: "nowrap",
      render: (_, withdrawal) => <WithdrawalStatusTag withdrawal={withdrawal} />,
    },
    {
      title: t("review.createdAt"),
      dataIndex: "createdAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
    {
      title: t("review.actions"),
      align: "right",
      fixed: "right",
      render: (_, withdrawal) =>
        withdrawal.status === "under_review" ? (
          <Space size="small">
            {isPickedUp(withdrawal) ? null : (
              <Button size="small" onClick={() => take(withdrawal)} data-testid="withdrawal-pick-up">
                {t("withdrawals.pickUp")}
              </Button>
            )}
            <Button size="small" danger onClick={() => setRejecting(withdrawal)}>
              {t("review.reject")}
            </Button>
            <Button size="small" type="primary" onClick={() => askApprove(withdrawal)}>
              {t("review.approve")}
            </Button>
          </Space>
        ) : withdrawal.status === "success" && !isPaid(withdrawal) ? (
          <Button
            size="small"
            type="primary"
            onClick={() => setPaying(withdrawal)}
            data-testid="withdrawal-mark-paid"
          >
            {t("withdrawals.markPaid")}
          </Button>
        ) : (
          (withdrawal.reason ?? "—")
        ),
    },
  ];

  return (
    <>
      <PageHeader title={t("nav.withdrawals")} extra={<StatusFilter />} />
      <FilteredTable<OperatorWithdrawal>
        query={page}
        paging={paging}
        list="withdrawals"
        placeholder={t("withdrawals.searchPlaceholder")}
        scope={{ status }}
        empty={empty}
        columns={columns}
        // Wider than the card (a long address, two buttons): it scrolls inside the card with the
        // actions kept in view. With a fixed column, an expanded row spans the visible width only,
        // so the full destination wraps there instead of widening every column.
        scroll={{ x: "max-content" }}
        expandable={{
          expandedRowRender: (withdrawal) => (
            <Flex vertical gap={12}>
              <StepTimeline withdrawal={withdrawal} />
              <PayToDetails withdrawal={withdrawal} />
              <ReviewUserContext userId={withdrawal.user.id} />
            </Flex>
          ),
        }}
        data-testid="withdrawals-table"
      />
      <MarkPaidModal
        withdrawal={paying}
        pending={markPaid.isPending}
        error={markPaid.error}
        onSubmit={submitPaid}
        onCancel={() => {
          setPaying(null);
          markPaid.reset();
        }}
      />
      <RejectReasonModal
        open={rejecting !== null}
        title={t("withdrawals.rejectTitle")}
        subject={
          rejecting
            ? t("review.rejectSubject", { orderNo: rejecting.orderNo, amount: money(rejecting.amount) })
            : ""
        }
        pending={reject.isPending}
        error={reject.error}
        onSubmit={submitReject}
        onCancel={() => {
          setRejecting(null);
          reject.reset();
        }}
      />
    </>
  );
}
