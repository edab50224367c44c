import { PlusOutlined } from "@ant-design/icons";
import type { ContentNotice, ContentNoticeKind } from "@tickfair/contract";
import { DEFAULT_LOCALE } from "@tickfair/contract";
import { Button, Flex, Tag } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotices } from "../../api/notices";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatTime } from "../../lib/format";
import { ContentTable } from "./ContentTable";
import { NoticeEditor } from "./NoticeEditor";
import "./content.css";

type State = "live" | "upcoming" | "ended";

function stateAt(notice: ContentNotice, now: number): State {
  if (Date.parse(notice.startsAt) > now) return "upcoming";
  return notice.endsAt && Date.parse(notice.endsAt) <= now ? "ended" : "live";
}
const STATE_COLOURS: Record<State, string> = { live: "green", upcoming: "gold", ended: "default" };

/** Home's banners or its pop-up notices: their schedule, link, image and (pop-ups) version. */
export function Notices({ kind, groups }: { kind: ContentNoticeKind; groups: ReactNode }) {
  const { t, i18n } = useTranslation();
  const list = useNotices(kind);
  // undefined: closed; null: a new one.
  const [editing, setEditing] = useState<ContentNotice | null | undefined>(undefined);
  const now = Date.now();
  const time = (iso: string | null) => (iso ? formatTime(iso, i18n.language) : t("notices.open"));

  return (
    <>
      <PageHeader
        title={t("nav.content")}
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing(null)}
            data-testid="notice-new"
          >
            {t(kind === "banner" ? "notices.newBanner" : "notices.newPopup")}
          </Button>
        }
      />
      {groups}
      <ContentTable
        list={list}
        rows={list.data?.items ?? []}
        testId="notice"
        onOpen={setEditing}
        columns={[
          {
            key: "image",
            title: t("notices.image"),
            width: 120,
            render: (_, row) =>
              row.image ? (
                <img
                  src={row.image.url}
                  width={96}
                  height={Math.round((96 * row.image.height) / row.image.width)}
                  alt=""
                  className="notice-thumb"
                />
              ) : (
                "—"
              ),
          },
          {
            key: "title",
            title: t("content.titleZh"),
            render: (_, row) => row.translations[DEFAULT_LOCALE]?.title,
          },
          ...(kind === "banner"
            ? [{ key: "position", title: t("notices.position"), className: "tabular", dataIndex: "position" }]
            : [
                {
                  key: "version",
                  title: t("content.version"),
                  render: (_: unknown, row: ContentNotice) => `v${row.version}`,
                },
              ]),
          {
            key: "schedule",
            title: t("notices.schedule"),
            className: "tabular",
            render: (_, row) => `${time(row.startsAt)} – ${time(row.endsAt)}`,
          },
          {
            key: "state",
            title: t("notices.state"),
            render: (_, row) => {
              const state = stateAt(row, now);
              return <Tag color={STATE_COLOURS[state]}>{t(`notices.states.${state}`)}</Tag>;
            },
          },
          {
            key: "link",
            title: t("notices.link"),
            render: (_, row) => (row.link ? <span className="mono">{row.link}</span> : "—"),
          },
          {
            key: "updated",
            title: t("notices.updated"),
            render: (_, row) => (
              <Flex vertical>
                <span>{row.updatedBy ?? "—"}</span>
                <span className="tabular">{formatTime(row.updatedAt, i18n.language)}</span>
              </Flex>
            ),
          },
        ]}
      />
      <NoticeEditor kind={kind} notice={editing} onClose={() => setEditing(undefined)} />
    </>
  );
}
