import type { OperatorDashboard } from "@tickfair/contract";
import { Badge, Card, Empty, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatAge, formatTime } from "../../lib/format";

type FeedRow = OperatorDashboard["feed"][number];

const STATUS_COLORS: Record<FeedRow["status"], string> = {
  open: "success",
  maintenance: "warning",
  closed: "default",
};

/** Each product's market status and whether its ticks are still arriving. */
export function FeedCard({ feed, now }: { feed: FeedRow[]; now: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns: TableColumnsType<FeedRow> = [
    {
      title: t("dashboard.feed.symbol"),
      dataIndex: "symbol",
      render: (symbol: string) => <span className="mono">{symbol}</span>,
    },
    {
      title: t("dashboard.feed.status"),
      className: "nowrap",
      render: (_, row) => (
        <>
          <Tag color={STATUS_COLORS[row.status]} bordered={false}>
            {t(`dashboard.feed.statuses.${row.status}`)}
          </Tag>
          {row.reopensAt && (
            <Typography.Text type="secondary" className="tabular">
              {t("dashboard.feed.reopensAt", { at: formatTime(row.reopensAt, locale) })}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t("dashboard.feed.lastTick"),
      className: "nowrap",
      render: (_, row) =>
        row.lastTickAt ? (
          <span className="tabular" title={formatTime(row.lastTickAt, locale)}>
            {t("dashboard.feed.ago", {
              age: formatAge(new Date(now).getTime() - new Date(row.lastTickAt).getTime(), locale),
            })}
          </span>
        ) : (
          <Typography.Text type="secondary">{t("dashboard.feed.noTicks")}</Typography.Text>
        ),
    },
    {
      title: t("dashboard.feed.feed"),
      className: "nowrap",
      render: (_, row) =>
        row.live ? (
          <Badge status="processing" text={t("dashboard.feed.live")} />
        ) : (
          <Badge status="error" text={t("dashboard.feed.stale")} />
        ),
    },
  ];
  return (
    <Card title={t("dashboard.feed.title")} className="fill-height" data-testid="feed">
      <Table<FeedRow>
        rowKey="symbol"
        size="middle"
        columns={columns}
        dataSource={feed}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.feed.empty")} />,
        }}
      />
    </Card>
  );
}
