/**
 * What must hold after a soak, read straight from the database with `pg` and compared with the client's
 * answer log:
 * - every money request answered 2xx has its effect (the row its answer names, its posting), every one
 *   answered 4xx has none, and no key moved money twice (the effects per user and kind are exactly the
 *   keys the server stored as applied);
 * - every deposit and withdrawal has the postings its status says, once; an operator's 200 is the status;
 * - every closed contract has exactly one settle posting, and its entry, exit, result and payout are what
 *   the recorded ticks give (apps/server/src/trading/outcome.ts);
 * - each savings day is paid once per user, and what the accruals say is what the ledger moved;
 * - a chat message is stored iff answered 2xx; withdrawal accounts follow what users and the admin were
 *   told, one bound at a time;
 * - uploads are stored for their uploader (proofs with the bytes sent, ID photos in the blob store) and
 *   named by the deposits and verifications answered 2xx; passwords are what users were last told;
 *   nothing a break refuses was accepted after it began;
 * - a limit answered 2xx took the value asked for, at once or waiting its 24 hours, and each user's last
 *   answer per limit is what the database holds;
 * - the ledger's invariants (checkLedgerInvariants, in full, with the exposure caps' totals and Yu'ebao's
 *   books as the server's check has them), and no user account below zero;
 * - every event the users' sockets were owed (settlements, chat, inbox notices) arrived once
 *   (checks/events.ts).
 */
import pg from "pg";
import { ownedChecks } from "../apps/server/src/checked-with-ledger";
import { checkLedgerInvariants } from "../apps/server/src/ledger/invariants";
import { createDb } from "../apps/server/src/platform/db";
import { FEED_GAP_MS } from "../apps/server/src/trading/service";
import type { LoggedRequest } from "./answer-log";
import { type BindingFigures, checkBinding } from "./checks/binding";
import { type BreakFigures, checkBreaks } from "./checks/breaks";
import { checkCashier } from "./checks/cashier";
import { checkChatMessages } from "./checks/chat";
import { checkContracts } from "./checks/contracts";
import { checkSocketEvents, type EventFigures } from "./checks/events";
import { checkLimits } from "./checks/limits";
import { checkMoneyRequests } from "./checks/money";
import { checkPasswords, type PasswordFigures } from "./checks/passwords";
import { checkSavings } from "./checks/savings";
import { count } from "./checks/shared";
import { checkUploads, type UploadFigures } from "./checks/uploads";
import type { FaultWindow } from "./faults";
import type { SocketRecord } from "./sockets";

export interface CheckResult
  extends EventFigures,
    UploadFigures,
    PasswordFigures,
    BreakFigures,
    BindingFigures {
  acknowledged_lost: number;
  unacknowledged_applied: number;
  applied_twice: number;
  unanswered: number;
  unanswered_applied: number;
  retried_money_requests: number;
  double_settled: number;
  outcome_mismatches: number;
  contracts: number;
  contracts_settled: number;
  contracts_void: number;
  contracts_open_at_end: number;
  cashier_mismatches: number;
  limit_mismatches: number;
  savings_days_paid: number;
  savings_mismatches: number;
  invariant_violations: number;
  negative_balances: number;
  /** One line per problem found (the first few of each kind), for the output. */
  problems: string[];
}

/** `dataDir` is the servers' DATA_DIR, where their blob store keeps the ID photos. */
export async function checkSoak(
  databaseUrl: string,
  dataDir: string,
  log: readonly LoggedRequest[],
  sockets: { records: readonly SocketRecord[]; faults: readonly FaultWindow[] },
): Promise<CheckResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  const problem = (line: string) => {
    if (problems.length < 60) problems.push(line);
  };
  try {
    const money = await checkMoneyRequests(client, log, problem);
    const cashier = await checkCashier(client, log, problem);
    const chat = await checkChatMessages(client, log, problem);
    const binding = await checkBinding(client, log, problem);
    const limitMismatches = await checkLimits(client, log, problem);
    const contracts = await checkContracts(client, problem);
    const savings = await checkSavings(client, problem);
    const events = await checkSocketEvents(client, sockets.records, sockets.faults, problem);
    const uploads = await checkUploads(client, log, dataDir, problem);
    const passwords = await checkPasswords(client, log, problem);
    const breaks = await checkBreaks(client, log, problem);
    const negative = await count(
      client,
      "select count(*) from accounts where user_id is not null and balance < 0",
    );
    if (negative > 0) problem(`${negative} user accounts below zero`);
    const db = createDb({ databaseUrl, dataDir: null, poolSize: 2 });
    let invariantViolations: number;
    try {
      const report = await checkLedgerInvariants(db, {
        since: "full",
        owned: ownedChecks,
      });
      invariantViolations = report.violations.length;
      for (const violation of report.violations) problem(`ledger: ${violation}`);
    } finally {
      await db.destroy();
    }
    return {
      ...money,
      acknowledged_lost: money.acknowledged_lost + cashier.acknowledgedLost + chat.acknowledgedLost,
      unacknowledged_applied: money.unacknowledged_applied + chat.unacknowledgedApplied,
      ...contracts,
      cashier_mismatches: cashier.mismatches,
      limit_mismatches: limitMismatches,
      ...savings,
      ...uploads,
      ...passwords,
      ...breaks,
      ...binding,
      invariant_violations: invariantViolations,
      negative_balances: negative,
      ...events,
      problems,
    };
  } finally {
    await client.end();
  }
}

/** Waits (up to `timeoutMs`) until no contract that is due — expired, or pending past the gap — is left open. */
export async function waitForDueSettled(databaseUrl: string, timeoutMs: number): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const due = await count(
        client,
        `select count(*) from contracts where (status = 'open' and expiry_at < now() - interval '${FEED_GAP_MS} milliseconds')
           or (status = 'pending' and accepted_at < now() - interval '${FEED_GAP_MS} milliseconds')`,
      );
      if (due === 0 || Date.now() > deadline) return due;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await client.end();
  }
}
