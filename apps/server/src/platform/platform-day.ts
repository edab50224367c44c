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
 * The platform's day (PLATFORM_TZ) that `now` falls in, as the instants it starts and ends, and the
 * midnight `daysBack` whole days before it (`since`; its own midnight by default). Worked out by
 * PostgreSQL, whose time-zone rules the date filters that use it follow too.
 */
export async function platformDay(
  db: Executor,
  now: Date,
  timeZone: string,
  daysBack = 0,
): Promise<PlatformDay & { since: Date }> {
  const { rows } = await sql<{ date: string; from: Date; to: Date; since: Date }>`
    select to_char(d, 'YYYY-MM-DD') as date, d at time zone ${timeZone} as from,
      (d + interval '1 day') at time zone ${timeZone} as to,
      (d - make_interval(days => ${daysBack})) at time zone ${timeZone} as since
    from (select date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) as d) as day`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("platformDay: no row");
  return { date: row.date, from: new Date(row.from), to: new Date(row.to), since: new Date(row.since) };
}

/**
 * A one-row query of the instants the platform's day, its last 7 days and its last 30 days (today
 * included) began at `now` — `day_from`, `week_from`, `month_from` — for the limits' sums to join.
 */
export function periodStarts(now: Date, timeZone: string) {
  return sql<{ day_from: Date; week_from: Date; month_from: Date }>`
    select d at time zone ${timeZone} as day_from, (d - interval '6 days') at time zone ${timeZone} as week_from,
      (d - interval '29 days') at time zone ${timeZone} as month_from
    from (select date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) as d) as today`;
}
