import { Alert, Table, type TableColumnsType } from "antd";
import { useDescribeError } from "../../api/use-describe-error";

/**
 * A content tab's list: why it failed to load, else its rows, each opening its editor when clicked.
 * The table's test id is `${testId}-list`, each row's `${testId}-row-${id}`.
 */
export function ContentTable<Row extends { id: string }>({
  list,
  rows,
  testId,
  onOpen,
  columns,
}: {
  list: { isError: boolean; isPending: boolean; error: unknown };
  rows: Row[];
  testId: string;
  onOpen: (row: Row) => void;
  columns: TableColumnsType<Row>;
}) {
  const describe = useDescribeError();
  return (
    <>
      {list.isError && <Alert type="error" showIcon message={describe(list.error)} className="stack-gap" />}
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={rows}
        pagination={false}
        className="clickable-rows"
        data-testid={`${testId}-list`}
        onRow={(row) => ({ onClick: () => onOpen(row), "data-testid": `${testId}-row-${row.id}` })}
        columns={columns}
      />
    </>
  );
}
