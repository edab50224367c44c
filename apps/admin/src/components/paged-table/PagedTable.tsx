import { Alert, Empty, Flex, Table, type TableProps } from "antd";
import type { ReactNode } from "react";
import { useDescribeError } from "../../api/use-describe-error";
import { Pager } from "./Pager";
import type { Paging } from "./paging";
import "../../styles/lists.css";

/** What PagedTable reads of a list's query: a react-query result fits as it is. */
export interface ListQuery<T> {
  data?: { items: readonly T[]; nextCursor?: string | null };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
}

export type PagedTableProps<T> = Omit<TableProps<T>, "dataSource" | "pagination" | "locale"> & {
  query: ListQuery<T>;
  /** What the table says when it has no rows (say why where filters or a tab narrow it). */
  empty: string;
  /** Above the table: the list's filters or tabs. */
  toolbar?: ReactNode;
  /** The list's place; none for a list that comes whole. */
  paging?: Paging;
};

/**
 * A console list: its toolbar, the query's error, the table with its loading and empty states, and the
 * pager. Rows are keyed by `id` unless the page says otherwise.
 */
export function PagedTable<T extends object>({
  query,
  empty,
  toolbar,
  paging,
  rowKey = "id",
  loading = query.isFetching,
  ...table
}: PagedTableProps<T>) {
  const describe = useDescribeError();
  return (
    <Flex vertical gap={16}>
      {toolbar}
      {query.isError && <Alert type="error" showIcon message={describe(query.error)} />}
      <Table<T>
        {...table}
        rowKey={rowKey}
        dataSource={query.data?.items}
        loading={loading}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} /> }}
      />
      {paging && <Pager paging={paging} nextCursor={query.data?.nextCursor} loading={query.isFetching} />}
    </Flex>
  );
}
