/** What every check shares: the database client's count, and what counts as an answer. */
import type pg from "pg";
import type { LoggedRequest } from "../answer-log";

/** Records one problem for the output. */
export type Problem = (line: string) => void;

export async function count(client: pg.Client, query: string, values: unknown[] = []): Promise<number> {
  const result = await client.query<{ count: string }>(query, values);
  return Number(result.rows[0]?.count ?? 0);
}

export const answered = (entry: LoggedRequest) => entry.status > 0 && entry.status < 500;
