import type { ReactNode } from "react";

/** One labelled value of a details list. */
export interface DetailRow {
  /** Also the row's key: unique within its list. */
  label: string;
  value: ReactNode;
  /** The value's classes ("num" for figures). */
  className?: string;
  testId?: string;
  /** The row's own class, for a row that stands apart from the others. */
  rowClassName?: string;
}

/**
 * Labels and their values as a definition list, each row a `<div>` of `<dt>` and `<dd>`. A `false`
 * or `null` entry is a row that does not apply to this record.
 */
export function DetailRows({
  rows,
  className,
}: {
  rows: readonly (DetailRow | false | null)[];
  className: string;
}) {
  return (
    <dl className={className}>
      {rows.map((row) =>
        row ? (
          <div key={row.label} className={row.rowClassName}>
            <dt>{row.label}</dt>
            <dd className={row.className} data-testid={row.testId}>
              {row.value}
            </dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
