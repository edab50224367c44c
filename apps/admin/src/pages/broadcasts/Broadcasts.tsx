import { PlusOutlined } from "@ant-design/icons";
import type { OperatorBroadcast } from "@tickfair/contract";
import { DEFAULT_LOCALE } from "@tickfair/contract";
import { Button, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useBroadcastPage } from "../../api/broadcasts";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { PagedTable } from "../../components/paged-table/PagedTable";
import { useUrlPaging } from "../../components/paged-table/paging";
import { formatTime } from "../../lib/format";
import { BroadcastDrawer } from "./BroadcastDrawer";
import { BroadcastEditor } from "./BroadcastEditor";
import { BroadcastStateTag } from "./BroadcastStateTag";

/** System messages to every user: those sent, those waiting for their time, those cancelled. */
export default function Broadcasts() {
  const { t, i18n } = useTranslation();
  const paging = useUrlPaging();
  const page = useBroadcastPage(paging.request);
  const [writing, setWriting] = useState(false);
  // The id, not the row: after a cancel the list is read again and the drawer shows the new state.
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = page.data?.items ?? [];
  const open = rows.find((row) => row.id === openId) ?? null;
  const locale = i18n.language;

  return (
    <>
      <PageHeader
        title={t("nav.broadcasts")}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setWriting(true)}
            data-testid="broadcast-new"
          >
            {t("broadcasts.new")}
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">{t("broadcasts.intro")}</Typography.Paragraph>
      <PagedTable<OperatorBroadcast>
        query={page}
        paging={paging}
        empty={t("broadcasts.empty")}
        size="middle"
        loading={page.isPending}
        data-testid="broadcast-list"
        className="clickable-rows"
        onRow={(row) => ({ onClick: () => setOpenId(row.id) })}
        columns={[
          {
            key: "title",
            title: t("broadcasts.titleZh"),
            ellipsis: true,
            render: (_, row) => row.translations[DEFAULT_LOCALE]?.title,
          },
          {
            key: "state",
            title: t("broadcasts.state"),
            width: 120,
            render: (_, row) => <BroadcastStateTag state={row.state} />,
          },
          {
            key: "publishAt",
            title: t("broadcasts.publishAt"),
            className: "tabular nowrap",
            width: 190,
            render: (_, row) => formatTime(row.publishAt, locale),
          },
          {
            key: "publishedAt",
            title: t("broadcasts.publishedAt"),
            className: "tabular nowrap",
            width: 190,
            render: (_, row) => (row.publishedAt ? formatTime(row.publishedAt, locale) : "—"),
          },
          {
            key: "createdBy",
            title: t("broadcasts.createdBy"),
            className: "nowrap",
            width: 160,
            dataIndex: "createdBy",
          },
        ]}
      />
      <BroadcastEditor open={writing} onClose={() => setWriting(false)} />
      <BroadcastDrawer broadcast={open} onClose={() => setOpenId(null)} />
    </>
  );
}
