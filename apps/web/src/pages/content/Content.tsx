import type { ContentPageKind } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { useLocation, useSearchParams } from "react-router";
import { useArticle, useContentPage } from "../../api/content";
import { type Content, ContentState } from "../../components/ContentDocument/ContentDocument";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";
import { currentLocale } from "../../i18n";
import { paths } from "../../lib/paths";

const PAGE_TITLES = {
  about: "content.about",
  privacy: "content.privacy",
  agreement: "content.agreement",
} as const satisfies Record<ContentPageKind, string>;

/** About us, the privacy policy or the service agreement: public, for visitors too. */
function ContentPage({ kind }: { kind: ContentPageKind }) {
  const { t } = useTranslation();
  const content = useContentPage(kind, currentLocale());
  return <ContentScreen title={t(PAGE_TITLES[kind])} content={content} testId={`content-${kind}`} />;
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
  const { pathname } = useLocation();
  const kind = PAGE_KINDS[pathname];
  return kind ? <ContentPage key={kind} kind={kind} /> : <Article />;
}

/** One news article or highlight (/pages/index/detail?id=12). */
function Article() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const article = useArticle(params.get("id") ?? "", currentLocale());
  return <ContentScreen title={t("content.article")} content={article} testId="content-article" />;
}

function ContentScreen({ title, content, testId }: { title: string; content: Content; testId: string }) {
  return (
    <div className="page">
      {/* The kind of page, not the document's title: that one is in full on the card below. */}
      <PageNavBar title={title} />
      <main className="page__body content-page" data-testid={testId}>
        <RefreshOnPull onRefresh={() => content.refetch()}>
          <ContentState content={content} />
        </RefreshOnPull>
      </main>
    </div>
  );
}
