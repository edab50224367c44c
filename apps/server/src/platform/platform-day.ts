import { sql } from "kysely";
import type { Executor } from "./db";

export interface PlatformDay {
  /** YYYY-MM-DD in the platform's time zone. */
  date: string;
  /** Its midnight, and the next one: a day of 23 or 25 hours when the clocks change. */
  from: Date;
  to: Date;
}

/**
 * The platform's day (PLATFORM_TZ) that `now` falls in, as the instants it starts and ends. Worked out
 * by PostgreSQL, whose time-zone rules the date filters that use it follow too.
 */
export async function platformDay(db: Executor, now: Date, timeZone: string): Promise<PlatformDay> {
  const { rows } = await sql<{ date: string; from: Date; to: Date }>`
    select to_char(d, 'YYYY-MM-DD') as date, d at time zone ${timeZone} as from,
      (d + interval '1 day') at time zone ${timeZone} as to
    from (select date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) as d) as day`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("platformDay: no row");
  return { date: row.date, from: new Date(row.from), to: new Date(row.to) };
}
