import { PlusOutlined } from "@ant-design/icons";
import type { ContentDocumentList, ContentKind, ContentNoticeKind } from "@tickfair/contract";
import { Button, Flex, Segmented, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useContentList } from "../../api/content";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatTime } from "../../lib/format";
import { ContentEditor, type EditorTarget } from "./ContentEditor";
import { ContentTable } from "./ContentTable";
import { Notices } from "./Notices";

type Row = ContentDocumentList["items"][number];

// The contract's own lists live beside its zod schemas, which the console keeps out of its bundle
// (build-budget test): the kinds are named here, checked against the contract's type.
const PAGE_KINDS = ["about", "privacy", "agreement"] as const satisfies readonly ContentKind[];
const ARTICLE_KINDS = ["news", "highlight"] as const satisfies readonly ContentKind[];

const GROUPS = ["pages", "news", "highlights", "banners", "popups"] as const;
type Group = (typeof GROUPS)[number];
const GROUP_KINDS: Record<Group, readonly ContentKind[]> = {
  pages: PAGE_KINDS,
  news: ["news"],
  highlights: ["highlight"],
  banners: [],
  popups: [],
};
/** Home's banners and pop-up notices: not documents with versions, edited in their own list. */
const NOTICE_GROUPS: Partial<Record<Group, ContentNoticeKind>> = { banners: "banner", popups: "popup" };

/**
 * About us, the privacy policy, the agreement, news and highlights: their versions and who wrote them;
 * and home's banners and pop-up notices.
 */
export default function Content() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const group: Group = GROUPS.find((g) => g === params.get("kind")) ?? "pages";
  const kinds = GROUP_KINDS[group];
  const list = useContentList(kinds);
  const [target, setTarget] = useState<EditorTarget | null>(null);
  const rows = list.data ?? [];
  // About, privacy and the agreement exist once each: offer to create only those not written yet.
  const missingPages = list.data
    ? PAGE_KINDS.filter((kind) => group === "pages" && !rows.some((row) => row.kind === kind))
    : [];
  const article = ARTICLE_KINDS.find((kind) => kinds.includes(kind) && group !== "pages");
  const groups = (
    <Segmented<Group>
      value={group}
      onChange={(value) => setParams({ kind: value }, { replace: true })}
      options={GROUPS.map((value) => ({
        value,
        label: <span data-testid={`content-group-${value}`}>{t(`content.groups.${value}`)}</span>,
      }))}
      className="stack-gap"
    />
  );
  const noticeKind = NOTICE_GROUPS[group];
  if (noticeKind) return <Notices kind={noticeKind} groups={groups} />;

  return (
    <>
      <PageHeader
        title={t("nav.content")}
        extra={
          <Flex gap={8}>
            {article && (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setTarget({ kind: article, id: null })}
                data-testid="content-new"
              >
                {t("content.newArticle")}
              </Button>
            )}
            {missingPages.map((kind) => (
              <Button
                key={kind}
                icon={<PlusOutlined />}
                onClick={() => setTarget({ kind, id: null })}
                data-testid={`content-create-${kind}`}
              >
                {t("content.create", { kind: t(`content.kinds.${kind}`) })}
              </Button>
            ))}
          </Flex>
        }
      />
      {groups}
      <ContentTable
        list={list}
        rows={rows}
        testId="content"
        onOpen={(row) => setTarget({ kind: row.kind, id: row.id })}
        columns={[
          ...(group === "pages"
            ? [
                {
                  key: "kind",
                  title: t("content.kind"),
                  render: (_: unknown, row: Row) => t(`content.kinds.${row.kind}`),
                },
              ]
            : []),
          { key: "title", title: t("content.titleZh"), dataIndex: "title" },
          {
            key: "latest",
            title: t("content.latestVersion"),
            className: "tabular",
            render: (_, row) => `v${row.latestVersion}`,
          },
          {
            key: "published",
            title: t("content.publishedVersion"),
            render: (_, row) => (
              <Flex gap={4} wrap>
                {row.publishedVersion !== null && <Tag color="green">v{row.publishedVersion}</Tag>}
                {row.latestVersion !== row.publishedVersion && (
                  <Tag color="gold" data-testid="content-scheduled">
                    {t("content.scheduled")}
                  </Tag>
                )}
              </Flex>
            ),
          },
          {
            key: "first",
            title: t("content.firstPublished"),
            className: "tabular",
            render: (_, row) =>
              row.firstPublishedAt ? formatTime(row.firstPublishedAt, i18n.language) : "—",
          },
        ]}
      />
      <ContentEditor target={target} onClose={() => setTarget(null)} />
    </>
  );
}
