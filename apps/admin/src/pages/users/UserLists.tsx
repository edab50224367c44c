import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import type { Contract, Deposit, StatementEntry, UserSession, Withdrawal } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDescribeError } from "../../api/use-describe-error";
import { type UserList, useRevokeSession, useUserList } from "../../api/users";
import { EntryKindTag } from "../../components/EntryKindTag/EntryKindTag";
import { RejectReasonModal } from "../../components/RejectReasonModal/RejectReasonModal";
import { StatusTag } from "../../components/StatusTag/StatusTag";
import { formatBps, formatTime } from "../../lib/format";
import { moveColour } from "../../lib/market-colours";
import { formatDuration } from "../../lib/market-form";
import { PAGE_SIZE } from "../../lib/page-trail";

/** A tab's own place in its list (the URL's trail belongs to the search page): the cursors walked so far. */
function useCursorStack() {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    page: cursors.length + 1,
    next: (cursor: string) => setCursors((list) => [...list, cursor]),
    previous: () => setCursors((list) => list.slice(0, -1)),
    reset: () => setCursors([]),
  };
}

function Pager({
  stack,
  nextCursor,
  loading,
}: {
  stack: ReturnType<typeof useCursorStack>;
  nextCursor: string | null | undefined;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Flex justify="flex-end" align="center" gap={12} style={{ marginTop: 16 }}>
      <Button icon={<LeftOutlined />} disabled={stack.page === 1 || loading} onClick={stack.previous}>
        {t("table.previous")}
      </Button>
      <Typography.Text type="secondary">{t("table.page", { page: stack.page })}</Typography.Text>
      <Button disabled={!nextCursor || loading} onClick={() => nextCursor && stack.next(nextCursor)}>
        {t("table.next")}
        <RightOutlined />
      </Button>
    </Flex>
  );
}

interface Row {
  id: string;
}

/** One of the user's lists: its table, its error, its empty state and its pager. */
function ListTable<T extends Row>({
  userId,
  list,
  columns,
  state,
  toolbar,
  testId,
}: {
  userId: string;
  list: UserList;
  columns: TableColumnsType<T>;
  state?: "open" | "closed";
  toolbar?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const stack = useCursorStack();
  const page = useUserList(userId, list, { cursor: stack.cursor, limit: PAGE_SIZE, state });
  const items = (page.data?.items ?? []) as unknown as T[];
  return (
    <>
      {toolbar}
      {page.isError && (
        <Alert type="error" showIcon message={describe(page.error)} style={{ marginBottom: 16 }} />
      )}
      <Table<T>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("table.empty")} /> }}
        data-testid={testId}
      />
      <Pager stack={stack} nextCursor={page.data?.nextCursor} loading={page.isFetching} />
    </>
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
        <Segmented
          style={{ marginBottom: 16 }}
          value={state}
          onChange={(value) => setState(value as "open" | "closed")}
          options={[
            { value: "open", label: t("users.openContracts") },
            { value: "closed", label: t("users.closedContracts") },
          ]}
        />
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
    { title: t("users.status"), render: (_, w) => <StatusTag status={w.status} /> },
    { title: t("users.reason"), dataIndex: "reason", render: (r: string | null) => r ?? "—" },
    { title: t("users.time"), dataIndex: "createdAt", render: f.time },
  ];
  return <ListTable userId={userId} list="withdrawals" columns={columns} testId="user-withdrawals" />;
}

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
    { title: t("users.signedInAt"), dataIndex: "createdAt", render: f.time },
    { title: t("users.lastSeenAt"), dataIndex: "lastSeenAt", render: f.time },
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
