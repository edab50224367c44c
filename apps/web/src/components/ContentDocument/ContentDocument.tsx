import type { UseQueryResult } from "@tanstack/react-query";
import type { PublishedContent } from "@tickfair/contract";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { currentLocale } from "../../i18n";
import { formatPublishedDate, renderMarkdown } from "../../lib/markdown";
import { EmptyState } from "../EmptyState/EmptyState";
import { LoadError } from "../LoadError/LoadError";
import "./content-document.css";

/**
 * A document and its states, shared by the content pages and the sheet over the registration form
 * (which has no pull-to-refresh and so does not download it).
 */

export type Content = UseQueryResult<PublishedContent>;

const LINES = [1, 2, 3, 4, 5, 6, 7];

/**
 * The document, or its skeleton while it loads, `missing` (else "no data") when none is published, or
 * the failure.
 */
export function ContentState({ content, missing: missingState }: { content: Content; missing?: ReactNode }) {
  const { t } = useTranslation();
  // A document not published yet, or an article id that names none (unknown: 404; not an id at all:
  // 400), is missing, not a failure to retry.
  const missing =
    content.isError &&
    content.error instanceof ApiError &&
    (content.error.status === 404 || content.error.status === 400);
  if (content.isPending && content.fetchStatus !== "idle")
    return (
      // Plain lines drawn by CSS rather than antd's Skeleton, which would add two chunks to download.
      <div className="card content-card content-skeleton" aria-busy="true" data-testid="content-loading">
        {LINES.map((line) => (
          <span key={line} />
        ))}
      </div>
    );
  if (missing || content.isPending)
    return (
      <div className="card">
        {missingState ?? <EmptyState title={t("content.noData")} testId="content-empty" />}
      </div>
    );
  if (content.isError)
    return (
      <div className="card content-card">
        <LoadError error={content.error} onRetry={() => void content.refetch()} />
      </div>
    );
  return <Document document={content.data} />;
}

function Document({ document }: { document: PublishedContent }) {
  const { t } = useTranslation();
  return (
    <article className="card content-card" lang={document.locale}>
      <h1 className="content-card__title">{document.title}</h1>
      <p className="content-card__date">
        {t("content.publishedOn", { date: formatPublishedDate(document.publishedAt, currentLocale()) })}
      </p>
      <div
        className="markdown"
        data-testid="content-body"
        // Safe: the HTML is micromark's output with its defaults (lib/markdown.ts), which escape any
        // raw HTML in the source and empty links to javascript: and other unsafe protocols. Nothing
        // else is ever inserted here.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above; the source has no raw HTML.
        dangerouslySetInnerHTML={{ __html: renderMarkdown(document.body) }}
      />
    </article>
  );
}
