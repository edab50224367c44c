import {
  isCountKind,
  type LimitKind,
  LOOSEN_AFTER_HOURS,
  toMinor,
  type UserLimits,
} from "@tickfair/contract";
import type pg from "pg";
import { isSuccess, type LoggedRequest } from "../answer-log";
import { answered, type Problem } from "./shared";

/** A limit's value as stored: cents for money, the number itself for counts. */
const storedLimit = (kind: LimitKind, value: string | null) =>
  value === null ? null : isCountKind(kind) ? BigInt(value) : toMinor(value);

const LOOSEN_AFTER_MS = LOOSEN_AFTER_HOURS * 3600_000;
const bigintText = (_: string, value: unknown) => (typeof value === "bigint" ? String(value) : value);

interface StoredLimit {
  value: bigint | null;
  pending: bigint | null;
}

/**
 * Each limit answered 2xx shows the value asked for, in force or waiting to apply 24 hours after the
 * request; and per user and limit, the last request whose outcome is known (a 4xx changes nothing, an
 * unanswered one is unknown) left in the database what its answer showed.
 */
export async function checkLimits(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: Problem,
): Promise<number> {
  const stored = await client.query<{
    account: string;
    kind: LimitKind;
    value: string | null;
    pending_value: string | null;
  }>(
    `select u.account, v.kind, v.value::text, v.pending_value::text
     from limit_values v join users u on u.id = v.user_id`,
  );
  const held = new Map<string, StoredLimit>(
    stored.rows.map((row) => [
      `${row.account} ${row.kind}`,
      {
        value: row.value === null ? null : BigInt(row.value),
        pending: row.pending_value === null ? null : BigInt(row.pending_value),
      },
    ]),
  );
  let mismatches = 0;
  // Per user and limit, what the last request whose outcome is known showed (null: unknown).
  const last = new Map<string, StoredLimit | null>();
  for (const entry of log.filter((candidate) => candidate.action === "limit")) {
    const kind = entry.path.split("/").at(-1) as LimitKind;
    const id = `${entry.actor} ${kind}`;
    if (!answered(entry)) {
      last.set(id, null);
      continue;
    }
    if (!isSuccess(entry.status)) continue;
    const asked = storedLimit(kind, (entry.sent as { value: string | null }).value);
    const limit = (entry.answer as UserLimits).limits.find((candidate) => candidate.kind === kind);
    const shown: StoredLimit = {
      value: storedLimit(kind, limit?.value ?? null),
      pending: limit?.pending ? storedLimit(kind, limit.pending.value) : null,
    };
    const appliesAt = limit?.pending ? Date.parse(limit.pending.appliesAt) : null;
    const sent = entry.attempts[0]?.sentAt ?? 0;
    const waitsItsDay =
      appliesAt !== null &&
      appliesAt >= sent + LOOSEN_AFTER_MS - 60_000 &&
      appliesAt <= (entry.attempts.at(-1)?.endedAt ?? 0) + LOOSEN_AFTER_MS + 60_000;
    if (shown.value !== asked && !(shown.pending === asked && waitsItsDay)) {
      mismatches++;
      problem(`${id} asked ${asked}, answered ${JSON.stringify(limit)}`);
    }
    last.set(id, shown);
  }
  for (const [id, shown] of last) {
    if (!shown) continue;
    const now = held.get(id) ?? { value: null, pending: null };
    if (now.value !== shown.value || now.pending !== shown.pending) {
      mismatches++;
      problem(
        `${id} last answered ${JSON.stringify(shown, bigintText)}, stored ${JSON.stringify(now, bigintText)}`,
      );
    }
  }
  return mismatches;
}
