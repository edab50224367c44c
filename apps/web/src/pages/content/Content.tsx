import type { ContentPageKind } from "@tickfair/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useArticle, useContentPage } from "../../api/content";
import { type Content, ContentState } from "../../components/ContentDocument/ContentDocument";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { NavButton } from "../../components/NavButton/NavButton";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { PayoutTimes } from "../../components/PayoutTimes/PayoutTimes";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";
import { currentLocale } from "../../i18n";
import { NEWS_PATH } from "../../lib/news-path";
import { paths } from "../../lib/paths";
import { Navigate, usePathname, useSearchParams } from "../../router";

const PAGE_TITLES = {
  about: "content.about",
  privacy: "content.privacy",
  agreement: "content.agreement",
} as const satisfies Record<ContentPageKind, string>;

/** About us, the privacy policy or the service agreement: public, for visitors too. */
function ContentPage({ kind }: { kind: ContentPageKind }) {
  const { t } = useTranslation();
  const content = useContentPage(kind, currentLocale());
  return (
    <ContentScreen
      title={t(PAGE_TITLES[kind])}
      content={content}
      testId={`content-${kind}`}
      // What the platform says of itself, beside the figures anyone can hold it to.
      after={kind === "about" ? <PayoutTimes /> : null}
    />
  );
}

const PAGE_KINDS: Record<string, ContentPageKind> = {
  [paths.aboutUs]: "about",
  [paths.privacy]: "privacy",
  [paths.agreement]: "agreement",
};

/**
 * The four content routes share this one chunk (the router stays small in the first load): the path
 * says which page it is.
 */
export default function ContentRoute() {
  const pathname = usePathname();
  const kind = PAGE_KINDS[pathname];
  return kind ? <ContentPage key={kind} kind={kind} /> : <Article />;
}

/**
 * One news article or highlight (/pages/index/detail?id=12). Without an id the address names no
 * article: the news list is what was looked for. An id that names none says so, with the way to the list.
 */
function Article() {
  const [params] = useSearchParams();
  const id = params.get("id")?.trim() ?? "";
  if (id === "") return <Navigate to={NEWS_PATH} replace />;
  return <ArticleScreen id={id} />;
}

function ArticleScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const article = useArticle(id, currentLocale());
  const missing = (
    <EmptyState
      title={t("content.articleMissing")}
      testId="article-missing"
      action={<NavButton to={NEWS_PATH}>{t("content.allNews")}</NavButton>}
    />
  );
  return (
    <ContentScreen
      title={t("content.article")}
      content={article}
      testId="content-article"
      missing={missing}
    />
  );
}

function ContentScreen({
  title,
  content,
  testId,
  missing,
  after,
}: {
  title: string;
  content: Content;
  testId: string;
  missing?: ReactNode;
  after?: ReactNode;
}) {
  return (
    <div className="page">
      {/* The kind of page, not the document's title: that one is in full on the card below. */}
      <PageNavBar title={title} />
      <main className="page__body content-page" data-testid={testId}>
        <RefreshOnPull onRefresh={() => content.refetch()}>
          <ContentState content={content} missing={missing} />
          {after ? <div className="content-page__after">{after}</div> : null}
        </RefreshOnPull>
      </main>
    </div>
  );
}
