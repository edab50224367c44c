import { type RawBuilder, sql } from "kysely";
import { matchingUserIds, searchTerms } from "../auth";
import type { Executor } from "../platform/db";

/**
 * What a reviewer types into a money queue's search box, as a condition on the queue's rows: the
 * order number ("D0000000042", exact, over the order_no key) or anything that finds the user who
 * asked (account, part of the phone, part of the real name; over the user index of the queue's table).
 * Nothing the text can mean matches no row.
 */
export function ordersMatching(
  db: Executor,
  queue: { table: "deposits" | "withdrawals"; idColumn: "d.id" | "w.id"; prefix: "D" | "W" },
  text: string,
): RawBuilder<boolean> {
  const query = text.trim();
  const orderNo = new RegExp(`^${queue.prefix}\\d{10,19}$`, "i").test(query) ? query.toUpperCase() : null;
  const users = matchingUserIds(db, searchTerms(query));
  const table = sql.table(queue.table);
  const ways = [
    orderNo === null ? null : sql`select id from ${table} where order_no = ${orderNo}`,
    users === null ? null : sql`select id from ${table} where user_id in (${users})`,
  ].filter((way) => way !== null);
  if (ways.length === 0) return sql<boolean>`false`;
  return sql<boolean>`${sql.ref(queue.idColumn)} in (${sql.join(ways, sql` union all `)})`;
}
