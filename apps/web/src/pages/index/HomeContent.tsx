import type { ContentListItem } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { articlePath, formatPublishDate, useLatestArticles } from "../../api/content-list";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { IconChevronRight, IconLayers, IconLock, IconMarket } from "../../components/icons";
import { LoadError } from "../../components/LoadError/LoadError";
import { currentLocale } from "../../i18n";
import { NEWS_PATH } from "../../lib/news-path";
import { Link } from "../../router";

const NEWS_COUNT = 3;
const HIGHLIGHT_COUNT = 6;

/**
 * Home's platform highlights and latest news (ARCHITECTURE §5): the highlights operators published,
 * as a strip, or until there are any the app's own three.
 */
export default function HomeContent() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const highlights = useLatestArticles("highlight", HIGHLIGHT_COUNT, locale);
  const news = useLatestArticles("news", NEWS_COUNT, locale);
  const published = highlights.data?.items ?? [];

  return (
    <>
      <h2 className="section-title">{t("home.highlights")}</h2>
      {published.length > 0 ? (
        <ul className="home-strip" data-testid="home-highlights">
          {published.map((item) => (
            <li key={item.id}>
              <Link to={articlePath(item.id)} className="home-strip__item card">
                <strong>{item.title}</strong>
                {item.summary ? <span>{item.summary}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <BuiltInHighlights />
      )}

      <div className="home__news-head">
        <h2 className="section-title">{t("home.news")}</h2>
        {news.data?.items.length ? (
          <Link to={NEWS_PATH} className="home-market__more" data-testid="home-news-more">
            {t("home.more")}
            <IconChevronRight />
          </Link>
        ) : null}
      </div>
      <section className="home-news card" data-testid="home-news">
        {news.isPending ? (
          // Plain placeholder lines: antd's Skeleton would add chunks to the home page's preload list.
          <div className="home-news__loading" aria-busy="true">
            <span />
            <span />
            <span />
          </div>
        ) : news.isError ? (
          <LoadError error={news.error} onRetry={() => void news.refetch()} />
        ) : news.data.items.length === 0 ? (
          <EmptyState title={t("home.newsEmpty")} testId="home-news-empty" />
        ) : (
          <ul className="home-news__list">
            {news.data.items.map((item) => (
              <NewsItem key={item.id} item={item} locale={locale} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function BuiltInHighlights() {
  const { t } = useTranslation();
  const highlights = [
    { Icon: IconMarket, title: t("home.highlightFairTitle"), text: t("home.highlightFairText") },
    { Icon: IconLayers, title: t("home.highlightExactTitle"), text: t("home.highlightExactText") },
    { Icon: IconLock, title: t("home.highlightOwnTitle"), text: t("home.highlightOwnText") },
  ];
  return (
    <ul className="home-highlights">
      {highlights.map(({ Icon, title, text }) => (
        <li key={title} className="home-highlight card">
          <span className="icon-tile home-highlight__icon">
            <Icon />
          </span>
          <span className="home-highlight__text">
            <strong>{title}</strong>
            <span>{text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/**
 * One news article as a row: on home's card, the title and date; in the full list (NewsList.tsx), a
 * card of its own with the summary too. Here so that the list page shares this chunk, and home's
 * list of chunks to preload stays as it is.
 */
export function NewsItem({
  item,
  locale,
  variant = "home",
}: {
  item: ContentListItem;
  locale: string;
  variant?: "home" | "list";
}) {
  const listed = variant === "list";
  return (
    <li className={listed ? "card" : undefined}>
      <Link
        to={articlePath(item.id)}
        className="home-news__item"
        data-testid={listed ? "news-list-item" : "home-news-item"}
      >
        <span className="home-news__text">
          <strong>{item.title}</strong>
          {listed && item.summary ? <span>{item.summary}</span> : null}
          <time dateTime={item.publishedAt}>{formatPublishDate(item.publishedAt, locale)}</time>
        </span>
        <IconChevronRight className="home-news__arrow" />
      </Link>
    </li>
  );
}
