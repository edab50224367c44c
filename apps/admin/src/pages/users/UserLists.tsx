import type { Contract, Deposit, StatementEntry, UserSession, Withdrawal } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { App, Button, Flex, Segmented, type TableColumnsType, Tag } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { type UserList, type UserListRow, useRevokeSession, useUserList } from "../../api/users";
import { EntryKindTag } from "../../components/EntryKindTag/EntryKindTag";
import { PagedTable } from "../../components/paged-table/PagedTable";
import { useLocalPaging } from "../../components/paged-table/paging";
import { RejectReasonModal } from "../../components/RejectReasonModal/RejectReasonModal";
import { StatusTag } from "../../components/StatusTag/StatusTag";
import { WithdrawalStatusTag } from "../../components/StatusTag/WithdrawalStatusTag";
import { formatBps, formatTime } from "../../lib/format";
import { moveColour } from "../../lib/market-colours";
import { formatDuration } from "../../lib/market-form";

/** One of the user's lists, its place its own: the URL's trail belongs to the search page. */
function ListTable<L extends UserList>({
  userId,
  list,
  columns,
  state,
  toolbar,
  testId,
}: {
  userId: string;
  list: L;
  columns: TableColumnsType<UserListRow<L>>;
  state?: "open" | "closed";
  toolbar?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const paging = useLocalPaging();
  const page = useUserList(userId, list, { ...paging.request, state });
  return (
    <PagedTable<UserListRow<L>>
      query={page}
      paging={paging}
      toolbar={toolbar}
      empty={t("table.empty")}
      size="middle"
      columns={columns}
      scroll={{ x: "max-content" }}
      data-testid={testId}
    />
  );
}

function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    money: (amount: string, signed = false) => (
      <span className="tabular">{formatMoney(amount, locale, { signed })}</span>
    ),
    time: (at: string | null) => (at ? <span className="tabular">{formatTime(at, locale)}</span> : "—"),
  };
}

export function StatementTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const columns: TableColumnsType<StatementEntry> = [
    { title: t("users.time"), dataIndex: "createdAt", render: f.time },
    {
      title: t("users.entryKind"),
      dataIndex: "kind",
      render: (kind: StatementEntry["kind"]) => <EntryKindTag kind={kind} />,
    },
    {
      title: t("users.balanceAccount"),
      dataIndex: "account",
      render: (a: StatementEntry["account"]) => t(`users.balances.${a}`),
    },
    {
      title: t("users.amount"),
      dataIndex: "amount",
      align: "right",
      render: (a: string) => f.money(a, true),
    },
    {
      title: t("users.balanceAfter"),
      dataIndex: "balanceAfter",
      align: "right",
      render: (a: string) => f.money(a),
    },
    {
      title: t("users.reference"),
      dataIndex: "reference",
      render: (r: string | null) => <span className="mono">{r ?? "—"}</span>,
    },
  ];
  return <ListTable userId={userId} list="statement" columns={columns} testId="user-statement" />;
}

export function ContractsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [state, setState] = useState<"open" | "closed">("open");
  const columns: TableColumnsType<Contract> = [
    {
      title: t("users.orderNo"),
      dataIndex: "orderNo",
      render: (o: string) => <span className="mono">{o}</span>,
    },
    { title: t("users.symbol"), dataIndex: "symbol" },
    {
      title: t("users.direction"),
      dataIndex: "direction",
      render: (d: Contract["direction"]) => (
        <Tag color={moveColour(d, f.locale)}>{t(`users.directions.${d}`)}</Tag>
      ),
    },
    { title: t("users.stake"), dataIndex: "stake", align: "right", render: (a: string) => f.money(a) },
    {
      title: t("users.duration"),
      dataIndex: "durationSeconds",
      render: (s: number) => formatDuration(s, f.locale),
    },
    {
      title: t("users.rate"),
      dataIndex: "payoutRateBps",
      align: "right",
      render: (bps: number) => <span className="tabular">{formatBps(bps, f.locale)}</span>,
    },
    {
      title: t("users.contractStatus"),
      render: (_, c) => (
        <Tag>{c.result ? t(`users.results.${c.result}`) : t(`users.contractStatuses.${c.status}`)}</Tag>
      ),
    },
    {
      title: t("users.profit"),
      dataIndex: "profit",
      align: "right",
      render: (p: string | null) => (p === null ? "—" : f.money(p, true)),
    },
    { title: t("users.acceptedAt"), dataIndex: "acceptedAt", render: f.time },
  ];
  return (
    <ListTable
      key={state}
      userId={userId}
      list="contracts"
      state={state}
      columns={columns}
      testId="user-contracts"
      toolbar={
        <Flex>
          <Segmented
            value={state}
            onChange={(value) => setState(value as "open" | "closed")}
            options={[
              { value: "open", label: t("users.openContracts") },
              { value: "closed", label: t("users.closedContracts") },
            ]}
          />
        </Flex>
      }
    />
  );
}

export function DepositsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const columns: TableColumnsType<Deposit> = [
    {
      title: t("users.orderNo"),
      dataIndex: "orderNo",
      render: (o: string) => <span className="mono">{o}</span>,
    },
    { title: t("users.method"), render: (_, d) => d.method.name },
    { title: t("users.amount"), dataIndex: "amount", align: "right", render: (a: string) => f.money(a) },
    { title: t("users.status"), render: (_, d) => <StatusTag status={d.status} /> },
    { title: t("users.reason"), dataIndex: "reason", render: (r: string | null) => r ?? "—" },
    { title: t("users.time"), dataIndex: "createdAt", render: f.time },
  ];
  return <ListTable userId={userId} list="deposits" columns={columns} testId="user-deposits" />;
}

export function WithdrawalsTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const columns: TableColumnsType<Withdrawal> = [
    {
      title: t("users.orderNo"),
      dataIndex: "orderNo",
      render: (o: string) => <span className="mono">{o}</span>,
    },
    { title: t("users.amount"), dataIndex: "amount", align: "right", render: (a: string) => f.money(a) },
    { title: t("users.fee"), dataIndex: "fee", align: "right", render: (a: string) => f.money(a) },
    {
      title: t("users.destination"),
      dataIndex: "destination",
      render: (d: string) => <span className="mono">{d}</span>,
    },
    { title: t("users.status"), render: (_, w) => <WithdrawalStatusTag withdrawal={w} /> },
    { title: t("users.reason"), dataIndex: "reason", render: (r: string | null) => r ?? "—" },
    { title: t("users.time"), dataIndex: "createdAt", render: f.time },
  ];
  return <ListTable userId={userId} list="withdrawals" columns={columns} testId="user-withdrawals" />;
}

/** An IP address as typed (a before-kept session has none). */
const address = (value: string | null) => (value ? <span className="mono">{value}</span> : "—");

export function SessionsTab({ userId, canRevoke }: { userId: string; canRevoke: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const f = useFormat();
  const revoke = useRevokeSession(userId);
  const [revoking, setRevoking] = useState<UserSession | null>(null);
  const columns: TableColumnsType<UserSession> = [
    {
      title: t("users.sessionId"),
      dataIndex: "id",
      render: (id: string) => <span className="mono">{id}</span>,
    },
    {
      title: t("users.state"),
      render: (_, s) =>
        s.live ? <Tag color="green">{t("users.sessionLive")}</Tag> : <Tag>{t("users.sessionEnded")}</Tag>,
    },
    { title: t("users.device"), dataIndex: "device", render: (device: string | null) => device ?? "—" },
    { title: t("users.signedInAt"), dataIndex: "createdAt", render: f.time },
    { title: t("users.firstAddress"), dataIndex: "firstAddress", render: address },
    { title: t("users.lastSeenAt"), dataIndex: "lastSeenAt", render: f.time },
    { title: t("users.lastAddress"), dataIndex: "lastAddress", render: address },
    { title: t("users.expiresAt"), dataIndex: "expiresAt", render: f.time },
    { title: t("users.endedAt"), dataIndex: "endedAt", render: f.time },
    ...(canRevoke
      ? ([
          {
            title: t("review.actions"),
            align: "right",
            render: (_, s) =>
              s.live ? (
                <Button size="small" danger onClick={() => setRevoking(s)} data-testid="session-revoke">
                  {t("users.revoke")}
                </Button>
              ) : null,
          },
        ] satisfies TableColumnsType<UserSession>)
      : []),
  ];
  return (
    <>
      <ListTable userId={userId} list="sessions" columns={columns} testId="user-sessions" />
      <RejectReasonModal
        open={revoking !== null}
        title={t("users.revokeTitle")}
        subject={revoking ? t("users.revokeSubject", { id: revoking.id }) : ""}
        notice={t("users.revokeNotice")}
        okText={t("users.revoke")}
        pending={revoke.isPending}
        error={revoke.error}
        onSubmit={(reason) =>
          revoking &&
          revoke.mutate(
            { sessionId: revoking.id, reason },
            {
              onSuccess: () => {
                setRevoking(null);
                message.success(t("users.revoked"));
              },
            },
          )
        }
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
      />
    </>
  );
}
