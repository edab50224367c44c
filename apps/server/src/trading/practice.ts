import {
  type Contract,
  fromMinor,
  type PlaceContractRequest,
  PRACTICE_STARTING_BALANCE,
  type PracticeAccount,
  toMinor,
} from "@tickfair/contract";
import { sql } from "kysely";
import { lockUserAccounts, openPracticeAccounts, post, practiceAccounts, systemAccountIds } from "../ledger";
import { refuseDuringBreak } from "../limits";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { type IdempotentResult, runIdempotent } from "../platform/idempotency";
import { acceptOrder, orderCode, productTerms, requireFreshQuote } from "./order-terms";
import { writeContracts } from "./placement";

const STARTING_MINOR = toMinor(PRACTICE_STARTING_BALANCE);

async function readAccount(db: Executor, userId: bigint): Promise<PracticeAccount | null> {
  const accounts = await practiceAccounts(db, userId);
  if (!accounts) return null;
  return {
    available: fromMinor(accounts.practice_cash.balance),
    frozen: fromMinor(accounts.practice_frozen.balance),
    startingBalance: PRACTICE_STARTING_BALANCE,
  };
}

/** Moves the practice bank's units into the user's practice cash (or back, when `amount` is negative). */
async function fromPracticeBank(
  tx: Tx,
  userId: bigint,
  kind: "practice_grant" | "practice_reset",
  amount: bigint,
  at: Date,
): Promise<void> {
  if (amount === 0n) return;
  const [system, accounts] = await Promise.all([systemAccountIds(tx), practiceAccounts(tx, userId)]);
  if (!accounts) throw new Error("practice accounts are not open");
  await post(tx, {
    kind,
    userId,
    at,
    legs: [
      { accountId: system.practice_bank, amount: -amount },
      { accountId: accounts.practice_cash.id, amount },
    ],
  });
}

/**
 * The user's practice account, opened on first use with its starting units granted from the practice
 * bank. Two first visits at once open and grant it once: the second's insert meets the first's rows.
 */
export async function practiceAccount(db: Db, userId: bigint, at: Date): Promise<PracticeAccount> {
  const open = await readAccount(db, userId);
  if (open) return open;
  await db.transaction().execute(async (tx) => {
    if (await openPracticeAccounts(tx, userId, at))
      await fromPracticeBank(tx, userId, "practice_grant", STARTING_MINOR, at);
  });
  const opened = await readAccount(db, userId);
  if (!opened) throw new Error("practice accounts were not opened");
  return opened;
}

/**
 * Puts the practice account back to its starting units. Refused while a practice contract is open:
 * its stake is held and its settlement will pay into this account, so a reset then would either hide
 * a result the user is waiting for or be undone by it. The accounts are locked first, so an order
 * placed meanwhile is seen (it committed first) or waits for the reset.
 */
export async function resetPractice(db: Db, userId: bigint, at: Date): Promise<PracticeAccount> {
  await practiceAccount(db, userId, at);
  await db.transaction().execute(async (tx) => {
    const held = await lockUserAccounts(tx, [userId], ["practice_cash", "practice_frozen"], {
      skipLocked: false,
    });
    if (!held.has(userId)) throw new Error("practice accounts are not open");
    const { rows } = await sql<{ open: boolean }>`
      select exists (select 1 from contracts where user_id = ${userId} and wallet = 'practice'
        and status in ('pending', 'open')) as open`.execute(tx);
    if (rows[0]?.open) throw new AppError("PRACTICE_CONTRACTS_OPEN");
    const accounts = await practiceAccounts(tx, userId);
    if (!accounts) throw new Error("practice accounts are not open");
    await fromPracticeBank(tx, userId, "practice_reset", STARTING_MINOR - accounts.practice_cash.balance, at);
  });
  const reset = await readAccount(db, userId);
  if (!reset) throw new Error("practice accounts are not open");
  return reset;
}

/**
 * Places a practice order under its Idempotency-Key: the same product terms, quote freshness and
 * writing as a real order, staked from practice_cash. No stake or loss limit and no exposure cap
 * judges it (they guard real money), but a time-out or self-exclusion refuses it: a break is from
 * trading, not only from spending.
 */
export async function placePracticeContract(
  db: Db,
  order: { userId: bigint; input: PlaceContractRequest; key: string; fingerprint: string },
  now: Date,
  quoteMaxAgeMs: number,
): Promise<IdempotentResult<Contract>> {
  const { userId, input, key, fingerprint } = order;
  await practiceAccount(db, userId, now);
  return runIdempotent(db, { userId, key, fingerprint, at: now }, async (tx) => {
    await refuseDuringBreak(tx, userId, now);
    const code = orderCode(input);
    const terms = await productTerms(tx, [code]);
    const accepted = acceptOrder(terms.get(code), userId, input, now);
    await requireFreshQuote(tx, accepted, input.quoteSeq, now, quoteMaxAgeMs);
    const [contract] = await writeContracts(tx, [accepted], now, "practice");
    if (!contract) throw new Error("contract was not written");
    return { status: 201, body: contract };
  });
}
