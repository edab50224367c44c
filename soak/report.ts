/**
 * The figures of the answer log itself: how many requests and attempts, the final statuses per action,
 * the 4xx codes, the 5xx split into those inside a fault window (a process dying, PostgreSQL
 * restarting) and those from a live process (a failure), and which products and durations were traded.
 */
import type { LoggedRequest } from "./answer-log";
import type { Faults } from "./faults";

export interface AttemptFigures {
  requests: number;
  attempts: number;
  /** Attempts that got no answer at all (the connection dropped or was refused everywhere). */
  dropped: number;
  fault_5xx: number;
  other_5xx: number;
  otherServerErrors: string[];
  byAction: Record<string, Record<string, number>>;
  codes4xx: Record<string, number>;
  productsTraded: number;
  durationsTraded: number;
}

const errorCode = (answer: unknown): string => {
  const error = (answer as { error?: { code?: unknown } } | null)?.error;
  return typeof error?.code === "string" ? error.code : "?";
};

export function attemptFigures(entries: readonly LoggedRequest[], faults: Faults): AttemptFigures {
  let attempts = 0;
  let dropped = 0;
  let fault5xx = 0;
  let other5xx = 0;
  const otherServerErrors: string[] = [];
  const byAction: Record<string, Record<string, number>> = {};
  const codes4xx: Record<string, number> = {};
  const products = new Set<string>();
  const durations = new Set<string>();
  for (const entry of entries) {
    attempts += entry.attempts.length;
    for (const attempt of entry.attempts) {
      if (attempt.status === 0) dropped++;
      if (attempt.status < 500) continue;
      if (attempt.fromProxy || faults.during(attempt.sentAt, attempt.endedAt)) {
        fault5xx++;
        continue;
      }
      other5xx++;
      if (otherServerErrors.length < 20)
        otherServerErrors.push(
          `${new Date(attempt.sentAt).toISOString()} ${entry.method} ${entry.path} → ${attempt.status} ${JSON.stringify(entry.answer).slice(0, 200)}`,
        );
    }
    const statuses = byAction[entry.action] ?? {};
    byAction[entry.action] = statuses;
    statuses[entry.status] = (statuses[entry.status] ?? 0) + 1;
    if (entry.status >= 400 && entry.status < 500) {
      const code = errorCode(entry.answer);
      codes4xx[code] = (codes4xx[code] ?? 0) + 1;
    }
    if (entry.action === "contract" && entry.status === 201) {
      const sent = entry.sent as { symbol: string; durationSeconds: number };
      products.add(sent.symbol);
      durations.add(`${sent.symbol} ${sent.durationSeconds}`);
    }
  }
  return {
    requests: entries.length,
    attempts,
    dropped,
    fault_5xx: fault5xx,
    other_5xx: other5xx,
    otherServerErrors,
    byAction,
    codes4xx,
    productsTraded: products.size,
    durationsTraded: durations.size,
  };
}
