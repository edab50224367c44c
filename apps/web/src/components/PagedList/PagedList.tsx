import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import { InfiniteScroll, Skeleton } from "antd-mobile";
import type { ReactNode } from "react";
import { ListFooter } from "../ListFooter/ListFooter";
import { LoadError } from "../LoadError/LoadError";
import { RefreshOnPull } from "../RefreshOnPull/RefreshOnPull";
import { WaitingForNetwork } from "../WaitingForNetwork/WaitingForNetwork";
import "./paged-list.css";

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

interface PagedListProps<T> {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>, Error>;
  /** Shown when the first page is empty (the specification's "no … records"). */
  empty: ReactNode;
  renderItem: (item: T) => ReactNode;
  className?: string;
  testId?: string;
}

/**
 * A cursor-paginated list: skeleton while the first page loads, pull down to refresh, the next page
 * when the end comes into view, an empty state, and a retry when a load fails.
 */
export function PagedList<T extends { id: string }>({
  query,
  empty,
  renderItem,
  className,
  testId,
}: PagedListProps<T>) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  async function loadMore() {
    const result = await query.fetchNextPage();
    if (result.isError) throw result.error;
  }

  let body: ReactNode;
  if (query.isPending && query.fetchStatus === "paused") {
    body = (
      <div className="card">
        <WaitingForNetwork />
      </div>
    );
  } else if (query.isPending) {
    body = <RecordListSkeleton rows={3} lines={2} className={className} />;
  } else if (query.isError && !query.data) {
    body = (
      <div className="card cashier-card">
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  } else if (items.length === 0) {
    body = <div className="card">{empty}</div>;
  } else {
    body = (
      <>
        <ul className={`record-list ${className ?? ""}`} data-testid={testId}>
          {items.map(renderItem)}
        </ul>
        <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage}>
          {(hasMore, failed, retry) => <ListFooter hasMore={hasMore} failed={failed} retry={retry} />}
        </InfiniteScroll>
      </>
    );
  }

  return <RefreshOnPull onRefresh={() => query.refetch()}>{body}</RefreshOnPull>;
}

/** Placeholder cards while a list of records loads. */
export function RecordListSkeleton({
  rows,
  lines,
  className,
}: {
  rows: number;
  lines: number;
  className?: string;
}) {
  return (
    <ul className={`record-list ${className ?? ""}`} aria-busy="true">
      {Array.from({ length: rows }, (_, n) => n).map((n) => (
        <li key={n} className="card record-skeleton">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={lines} animated />
        </li>
      ))}
    </ul>
  );
}
