import { Card } from "antd";
import { PagedTable, type PagedTableProps } from "../paged-table/PagedTable";
import { ListToolbar, type ListTotals, type ToolbarProps } from "./ListToolbar";

type Props<T> = Omit<PagedTableProps<T>, "toolbar"> &
  Pick<ToolbarProps, "list" | "placeholder" | "scope"> & {
    /** The list's page also says what its filters match in all. */
    query: { data?: ListTotals };
  };

/** A searchable console list in its card: the toolbar's filters, totals and export over a PagedTable. */
export function FilteredTable<T extends object>({ list, placeholder, scope, ...table }: Props<T>) {
  return (
    <Card>
      <PagedTable<T>
        {...table}
        toolbar={
          <ListToolbar list={list} placeholder={placeholder} totals={table.query.data} scope={scope} />
        }
      />
    </Card>
  );
}
