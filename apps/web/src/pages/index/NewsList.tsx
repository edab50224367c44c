import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { newsPagesQuery } from "../../api/content-list";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { currentLocale } from "../../i18n";
import { NewsItem } from "./HomeContent";
// Home's news rows, each on a card of its own here; the column of cards as the fund records'.
import "./home.css";
import "../../components/RecordList/record-list.css";

/** Every news article, newest first: home shows only the latest few. */
export default function NewsList() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const query = useInfiniteQuery(newsPagesQuery(locale));

  return (
    <div className="page fund-records">
      <PageNavBar title={t("content.news")} />
      <main className="page__body cashier fund-records__body">
        <PagedList
          query={query}
          testId="news-list"
          empty={<EmptyState title={t("content.noData")} testId="news-list-empty" />}
          renderItem={(item) => <NewsItem key={item.id} item={item} locale={locale} variant="list" />}
        />
      </main>
    </div>
  );
}
