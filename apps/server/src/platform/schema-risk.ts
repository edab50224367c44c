import type { ColumnType } from "kysely";

// The risk warning's daily figures (migration 0024), beside schema.ts.

type Timestamp = ColumnType<Date, Date | string | undefined, never>;
/** A day of the platform's calendar, "YYYY-MM-DD" as written (db.ts reads dates as text). */
type CalendarDate = ColumnType<string, string, never>;

export interface RiskFiguresTable {
  computed_on: CalendarDate;
  users: ColumnType<number, number, never>;
  users_with_loss: ColumnType<number, number, never>;
  computed_at: Timestamp;
}
