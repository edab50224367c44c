import type { LimitHistoryEntry, LimitKind, UserLimit } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Alert, Card, Empty, Flex, Skeleton, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useUserLimits } from "../../api/limits";
import { useDescribeError } from "../../api/use-describe-error";
import { Pager } from "../../components/paged-table/Pager";
import { useLocalPaging } from "../../components/paged-table/paging";
import { formatCount, formatTime } from "../../lib/format";

/** A value of a limit as the console shows it: money in the locale's format, a count, minutes, or losses in a row. */
function useLimitValue() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (kind: LimitKind, value: string | null): string => {
    if (value === null) return t("limits.none");
    if (kind === "reminder_minutes") return t("limits.minutes", { n: formatCount(Number(value), locale) });
    if (kind === "loss_streak") return t("limits.inRow", { n: formatCount(Number(value), locale) });
    if (kind === "open_positions") return formatCount(Number(value), locale);
    return formatMoney(value, locale);
  };
}

/**
 * The user's responsible-trading limits on their page, read-only: the limits in force with what their
 * periods used, loosenings still waiting their 24 hours, the break in force, and every change they
 * asked for. The console offers no way to change any of it: the user sets limits, and a limit an
 * operator could loosen would protect nobody.
 */
export function UserLimits({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const paging = useLocalPaging();
  const limits = useUserLimits(userId, paging.request);
  const show = useLimitValue();
  const time = (at: string | null) =>
    at ? <span className="tabular">{formatTime(at, i18n.language)}</span> : "—";
  const data = limits.data;
  // A limit the user never set (and is not setting) says nothing: only those set or waiting show.
  const set = (data?.limits ?? []).filter((limit) => limit.value !== null || limit.pending !== null);

  const limitColumns: TableColumnsType<UserLimit> = [
    { title: t("limits.kind"), dataIndex: "kind", render: (kind: LimitKind) => t(`limits.kinds.${kind}`) },
    {
      title: t("limits.inForce"),
      dataIndex: "value",
      align: "right",
      render: (value: string | null, limit) => <span className="tabular">{show(limit.kind, value)}</span>,
    },
    {
      title: t("limits.used"),
      dataIndex: "used",
      align: "right",
      render: (used: string | null, limit) =>
        used === null || limit.value === null ? (
          "—"
        ) : (
          <span className="tabular">{show(limit.kind, used)}</span>
        ),
    },
    {
      title: t("limits.waiting"),
      dataIndex: "pending",
      render: (pending: UserLimit["pending"], limit) =>
        pending ? (
          <span className="tabular" data-testid={`limit-pending-${limit.kind}`}>
            {t("limits.waitingChange", {
              value: show(limit.kind, pending.value),
              at: formatTime(pending.appliesAt, i18n.language),
            })}
          </span>
        ) : (
          "—"
        ),
    },
  ];

  const change = (entry: LimitHistoryEntry) => {
    if (entry.kind === "time_out" || entry.kind === "self_exclusion")
      return entry.breakUntil ? t("limits.until", { at: formatTime(entry.breakUntil, i18n.language) }) : "—";
    return `${show(entry.kind, entry.from)} → ${show(entry.kind, entry.to)}`;
  };
  const historyColumns: TableColumnsType<LimitHistoryEntry> = [
    { title: t("limits.requestedAt"), dataIndex: "requestedAt", render: time },
    {
      title: t("limits.kind"),
      dataIndex: "kind",
      render: (kind: LimitHistoryEntry["kind"]) => t(`limits.kinds.${kind}`),
    },
    {
      title: t("limits.change"),
      key: "change",
      render: (_, entry) => <span className="tabular">{change(entry)}</span>,
    },
    { title: t("limits.appliesAt"), dataIndex: "appliesAt", render: time },
    {
      title: t("limits.cancelledAt"),
      dataIndex: "cancelledAt",
      render: (at: string | null) => (at ? <Tag>{time(at)}</Tag> : "—"),
    },
  ];

  return (
    <Card title={t("limits.title")} data-testid="user-limits">
      <Flex vertical gap={16}>
        <Typography.Text type="secondary" data-testid="limits-read-only">
          {t("limits.readOnly")}
        </Typography.Text>
        {limits.isError && <Alert type="error" showIcon message={describe(limits.error)} />}
        {!data && limits.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
        {data?.activeBreak && (
          <Alert
            type="warning"
            showIcon
            message={t(`limits.breaks.${data.activeBreak.kind}`, {
              at: formatTime(data.activeBreak.until, i18n.language),
            })}
            data-testid="limits-break"
          />
        )}
        {data && (
          <Table<UserLimit>
            rowKey="kind"
            size="small"
            columns={limitColumns}
            dataSource={set}
            pagination={false}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("limits.noLimits")} />,
            }}
            data-testid="limits-in-force"
          />
        )}
        {data && (
          <>
            <Typography.Title level={5} className="flush">
              {t("limits.history")}
            </Typography.Title>
            <Table<LimitHistoryEntry>
              rowKey="id"
              size="small"
              columns={historyColumns}
              dataSource={data.history.items}
              loading={limits.isFetching}
              pagination={false}
              scroll={{ x: "max-content" }}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("table.empty")} />,
              }}
              data-testid="limits-history"
            />
            <Pager paging={paging} nextCursor={data.history.nextCursor} loading={limits.isFetching} />
          </>
        )}
      </Flex>
    </Card>
  );
}
