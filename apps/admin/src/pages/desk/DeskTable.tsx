import type { DeskItem } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Empty, Table, type TableColumnsType, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { StatusTag } from "../../components/StatusTag/StatusTag";
import { UserLink } from "../../components/UserLink/UserLink";
import { deskItemKey } from "../../lib/desk-sound";
import { formatTime } from "../../lib/format";
import { moveColour } from "../../lib/market-colours";
import { AREA_PATHS } from "../../lib/paths";

const KIND_COLOURS: Record<DeskItem["kind"], string> = {
  contract: "blue",
  deposit: "cyan",
  withdrawal: "purple",
};

/** Where an item is looked at: a money request in its review queue (found by its number), an order on its user's page. */
export function reviewPath(item: DeskItem): string {
  if (item.kind === "deposit") return `${AREA_PATHS.deposits}?q=${encodeURIComponent(item.orderNo)}`;
  if (item.kind === "withdrawal") return `${AREA_PATHS.withdrawals}?q=${encodeURIComponent(item.orderNo)}`;
  return `${AREA_PATHS.users}/${item.userId}`;
}

/**
 * The desk's list: newest first, each with its user and a way to where it is reviewed. No loading
 * overlay: the list refreshes on every change of a busy book, and dimming it each time would leave it
 * dimmed; new rows simply appear at the top.
 */
export function DeskTable({ items }: { items: DeskItem[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns: TableColumnsType<DeskItem> = [
    {
      title: t("desk.at"),
      dataIndex: "at",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
    {
      title: t("desk.kind"),
      dataIndex: "kind",
      render: (kind: DeskItem["kind"]) => (
        <Tag bordered={false} color={KIND_COLOURS[kind]} className="tag-flush">
          {t(`desk.kinds.${kind}`)}
        </Tag>
      ),
    },
    {
      title: t("desk.orderNo"),
      key: "orderNo",
      render: (_, item) => (
        <Link
          to={reviewPath(item)}
          title={t(item.kind === "contract" ? "desk.openUser" : "desk.openReview")}
          className="tabular"
          data-testid="desk-open"
        >
          {item.orderNo}
        </Link>
      ),
    },
    {
      title: t("desk.user"),
      key: "user",
      render: (_, item) => <UserLink user={{ id: item.userId, account: item.account }} />,
    },
    {
      title: t("desk.detail"),
      key: "detail",
      render: (_, item) =>
        item.kind === "contract" ? (
          <span>
            {item.symbol}{" "}
            <Tag bordered={false} color={moveColour(item.direction, locale)} className="tag-flush">
              {t(`risk.side.${item.direction}`)}
            </Tag>{" "}
            <Typography.Text type="secondary">
              {t("desk.seconds", { n: item.durationSeconds })}
            </Typography.Text>
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: t("desk.amount"),
      key: "amount",
      align: "right",
      render: (_, item) => (
        <span className="tabular">
          {formatMoney(item.kind === "contract" ? item.stake : item.amount, locale)}
        </span>
      ),
    },
    {
      title: t("desk.status"),
      key: "status",
      render: (_, item) =>
        item.kind === "contract" ? (
          <Tag bordered={false} className="tag-flush">
            {t(`desk.contractStatus.${item.status}`)}
          </Tag>
        ) : (
          <StatusTag status={item.status} />
        ),
    },
  ];
  return (
    <Table<DeskItem>
      rowKey={deskItemKey}
      size="small"
      columns={columns}
      dataSource={items}
      pagination={false}
      scroll={{ x: "max-content" }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("desk.empty")} /> }}
      data-testid="desk-list"
    />
  );
}
