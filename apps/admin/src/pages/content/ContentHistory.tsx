import type { ContentVersion } from "@tickfair/contract";
import { Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../lib/format";

/** A document's versions, newest first: when each was published or is to be, and who wrote it. */
export function ContentHistory({ versions }: { versions: ContentVersion[] }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Table<ContentVersion>
      rowKey="version"
      size="small"
      pagination={false}
      dataSource={versions}
      data-testid="content-history"
      columns={[
        { key: "version", title: t("content.version"), render: (_, v) => `v${v.version}` },
        {
          key: "published",
          title: t("content.publishedAt"),
          className: "tabular",
          render: (_, v) =>
            v.publishedAt ? (
              formatTime(v.publishedAt, locale)
            ) : (
              <span>
                <Tag color="gold">{t("content.scheduled")}</Tag>
                {formatTime(v.publishAt, locale)}
              </span>
            ),
        },
        { key: "by", title: t("content.createdBy"), render: (_, v) => v.createdBy ?? "—" },
        {
          key: "created",
          title: t("content.createdAt"),
          className: "tabular",
          render: (_, v) => formatTime(v.createdAt, locale),
        },
      ]}
    />
  );
}
