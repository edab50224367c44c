import type { OpenPosition } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Card, Empty, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { UserLink } from "../../components/UserLink/UserLink";
import { formatCount, formatTime } from "../../lib/format";
import { moveColour } from "../../lib/market-colours";

/** The users with most owed to them if their side wins, one line per user, product and direction. */
export function LargestPositions({ positions }: { positions: OpenPosition[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns: TableColumnsType<OpenPosition> = [
    {
      title: t("risk.user"),
      key: "user",
      render: (_, row) => <UserLink user={{ id: row.userId, account: row.account }} />,
    },
    { title: t("risk.product"), dataIndex: "symbol" },
    {
      title: t("risk.direction"),
      dataIndex: "direction",
      render: (direction: OpenPosition["direction"]) => (
        <Tag bordered={false} color={moveColour(direction, locale)} className="tag-flush">
          {t(`risk.side.${direction}`)}
        </Tag>
      ),
    },
    {
      title: t("risk.contracts"),
      dataIndex: "contracts",
      align: "right",
      render: (n: number) => <span className="tabular">{formatCount(n, locale)}</span>,
    },
    {
      title: t("risk.stake"),
      dataIndex: "stake",
      align: "right",
      render: (amount: string) => <span className="tabular">{formatMoney(amount, locale)}</span>,
    },
    {
      title: t("risk.owedIfWins"),
      dataIndex: "owedIfWins",
      align: "right",
      render: (amount: string) => <strong className="tabular">{formatMoney(amount, locale)}</strong>,
    },
    {
      title: t("risk.nextExpiry"),
      dataIndex: "nextExpiry",
      render: (at: string | null) =>
        at ? (
          <span className="tabular">{formatTime(at, locale)}</span>
        ) : (
          <Typography.Text type="secondary">{t("risk.bucket.pending")}</Typography.Text>
        ),
    },
  ];
  return (
    <Card title={t("risk.largestTitle")} size="small" data-testid="risk-largest">
      <Table<OpenPosition>
        rowKey={(row) => `${row.userId}:${row.symbol}:${row.direction}`}
        size="small"
        columns={columns}
        dataSource={positions}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("risk.empty")} /> }}
      />
    </Card>
  );
}
