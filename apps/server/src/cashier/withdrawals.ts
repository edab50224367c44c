import {
  type CreateWithdrawalRequest,
  fromMinor,
  type OperatorWithdrawal,
  type OperatorWithdrawalPage,
  type ReviewFilters,
  type ReviewQuery,
  toMinor,
  type Withdrawal,
  type WithdrawalQuote,
} from "@tickfair/contract";
import { post, systemAccountIds, userAccountIds, userBalances } from "../ledger";
import { recordNotice } from "../messages";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { everyRow, filteredPage, type ListOrder, withinDays } from "../platform/filtered-list";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import type { Operator, User } from "../platform/schema";
import { enqueuePush } from "../push";
import { type ReviewDecision, recordReview } from "./review";
import { ordersMatching } from "./review-search";
import { cashierRules, withdrawalFeeFor } from "./settings";
import { boundAccount, maskAddress, maskTail, toWithdrawalAccount } from "./withdrawal-accounts";
import { recordStep, stepsColumn, toOperatorSteps } from "./withdrawal-steps";

const fromWithdrawals = (db: Executor) => db.selectFrom("withdrawals as w");
type WithdrawalsFrom = ReturnType<typeof fromWithdrawals>;

function withdrawalQuery(db: Executor) {
  return withWithdrawalColumns(fromWithdrawals(db));
}

function withWithdrawalColumns(q: WithdrawalsFrom) {
  return q
    .innerJoin("withdrawal_accounts as a", "a.id", "w.withdrawal_account_id")
    .innerJoin("users as u", "u.id", "w.user_id")
    .select([
      "w.id",
      "w.order_no",
      "w.user_id",
      "w.amount",
      "w.fee",
      "w.status",
      "w.reason",
      "w.created_at",
      "w.reviewed_at",
      "a.type",
      "a.account_name",
      "a.bank_name",
      "a.card_number",
      "a.bank_address",
      "a.nationality",
      "a.network",
      "a.address",
      "u.account as user_account",
      stepsColumn().as("steps"),
    ]);
}

type WithdrawalRow = Awaited<ReturnType<ReturnType<typeof withdrawalQuery>["executeTakeFirstOrThrow"]>>;

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  // The user sees when and why, never which operator.
  const steps = toOperatorSteps(row.steps).map(({ operator: _operator, ...step }) => step);
  return {
    id: String(row.id),
    orderNo: row.order_no,
    amount: fromMinor(row.amount),
    fee: fromMinor(row.fee),
    netAmount: fromMinor(row.amount - row.fee),
    method: row.type,
    destination:
      row.type === "bank"
        ? `${row.bank_name ?? ""} ${maskTail(row.card_number ?? "")}`.trim()
        : `${row.network ?? ""} ${maskAddress(row.address ?? "")}`.trim(),
    status: row.status,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    steps,
  };
}

function toOperatorWithdrawal(row: WithdrawalRow): OperatorWithdrawal {
  return {
    ...toWithdrawal(row),
    steps: toOperatorSteps(row.steps),
    user: { id: String(row.user_id), account: row.user_account },
    payTo:
      row.type === "bank"
        ? {
            accountName: row.account_name,
            bankName: row.bank_name,
            cardNumber: row.card_number,
            bankAddress: row.bank_address,
            nationality: row.nationality,
          }
        : { network: row.network, address: row.address },
  };
}

export async function withdrawalQuote(db: Executor, user: User, now: Date): Promise<WithdrawalQuote> {
  const [rules, balances, account] = await Promise.all([
    cashierRules(db),
    userBalances(db, user.id),
    boundAccount(db, user.id),
  ]);
  const locked = user.pay_locked_until && user.pay_locked_until > now ? user.pay_locked_until : null;
  return {
    available: fromMinor(balances.cash),
    feeFixed: fromMinor(rules.withdrawalFeeFixed),
    feeRateBps: rules.withdrawalFeeRateBps,
    minAmount: fromMinor(rules.withdrawalMinAmount),
    lockedUntil: locked?.toISOString() ?? null,
    account: account ? toWithdrawalAccount(account) : null,
  };
}

/** A withdrawal request: the amount leaves `cash` for `frozen_withdrawal` and waits for review. */
export async function createWithdrawal(
  tx: Tx,
  userId: bigint,
  input: CreateWithdrawalRequest,
  at: Date,
): Promise<Withdrawal> {
  const account = await boundAccount(tx, userId);
  if (!account) throw new AppError("WITHDRAWAL_ACCOUNT_REQUIRED");
  const rules = await cashierRules(tx);
  const amount = toMinor(input.amount);
  if (amount < rules.withdrawalMinAmount) throw new AppError("AMOUNT_BELOW_MINIMUM");
  const fee = withdrawalFeeFor(amount, rules);
  if (fee >= amount) throw new AppError("AMOUNT_NOT_ABOVE_FEE");
  const { id, order_no } = await tx
    .insertInto("withdrawals")
    .values({ user_id: userId, withdrawal_account_id: account.id, amount, fee, created_at: at })
    .returning(["id", "order_no"])
    .executeTakeFirstOrThrow();
  const accounts = await userAccountIds(tx, userId);
  await post(tx, {
    kind: "withdrawal",
    userId,
    reference: order_no,
    at,
    legs: [
      { accountId: accounts.cash, amount: -amount },
      { accountId: accounts.frozen_withdrawal, amount },
    ],
  });
  await recordStep(tx, { withdrawalId: id, kind: "requested", at });
  return toWithdrawal(await withdrawalQuery(tx).where("w.id", "=", id).executeTakeFirstOrThrow());
}

export async function lockWithdrawal(tx: Tx, id: bigint, userId?: bigint) {
  const row = await tx
    .selectFrom("withdrawals")
    .selectAll()
    .where("id", "=", id)
    .$if(userId !== undefined, (q) => q.where("user_id", "=", userId ?? 0n))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

async function returnToCash(
  tx: Tx,
  row: { order_no: string; user_id: bigint; amount: bigint },
  at: Date,
): Promise<void> {
  const accounts = await userAccountIds(tx, row.user_id);
  await post(tx, {
    kind: "withdrawal_return",
    userId: row.user_id,
    reference: row.order_no,
    at,
    legs: [
      { accountId: accounts.frozen_withdrawal, amount: -row.amount },
      { accountId: accounts.cash, amount: row.amount },
    ],
  });
}

/** The user takes back a withdrawal still under review; the money returns to `cash` at once. */
export async function cancelWithdrawal(tx: Tx, userId: bigint, id: bigint, at: Date): Promise<Withdrawal> {
  const row = await lockWithdrawal(tx, id, userId);
  if (row.status !== "under_review") throw new AppError("NOT_UNDER_REVIEW");
  await returnToCash(tx, row, at);
  await tx
    .updateTable("withdrawals")
    .set({ status: "cancelled", reviewed_at: at })
    .where("id", "=", id)
    .execute();
  await recordStep(tx, { withdrawalId: id, kind: "cancelled", at });
  return toWithdrawal(await withdrawalQuery(tx).where("w.id", "=", id).executeTakeFirstOrThrow());
}

function reviewConflict(status: string): AppError {
  return new AppError(status === "cancelled" ? "NOT_UNDER_REVIEW" : "ALREADY_REVIEWED");
}

type WithdrawalRecord = Awaited<ReturnType<typeof lockWithdrawal>>;

/**
 * Decides a withdrawal still under review, in one transaction: `settle` moves its money and answers the
 * decision, which the withdrawal and the audit log record. Answers the withdrawal as operators see it.
 */
async function decideWithdrawal(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
  settle: (tx: Tx, row: WithdrawalRecord, now: Date) => Promise<ReviewDecision>,
): Promise<OperatorWithdrawal> {
  await db.transaction().execute(async (tx) => {
    const now = clock.now();
    const row = await lockWithdrawal(tx, id);
    if (row.status !== "under_review") throw reviewConflict(row.status);
    const decision = await settle(tx, row, now);
    await recordReview(tx, clock, operator, { type: "withdrawal", id }, decision, now);
    await recordStep(tx, {
      withdrawalId: id,
      kind: decision.status === "success" ? "approved" : "rejected",
      at: now,
      operatorId: operator.id,
      ...(decision.reason !== undefined && { reason: decision.reason }),
    });
    const record = { orderNo: row.order_no, amount: fromMinor(row.amount) };
    const notice =
      decision.status === "success"
        ? { kind: "withdrawal_approved" as const, ...record, fee: fromMinor(row.fee) }
        : { kind: "withdrawal_rejected" as const, ...record, reason: decision.reason ?? "" };
    await recordNotice(tx, row.user_id, notice, now);
    if (decision.status !== "success")
      await enqueuePush(
        tx,
        [{ userId: row.user_id, event: { kind: "withdrawal_rejected", ...record } }],
        now,
      );
  });
  return operatorWithdrawal(db, id);
}

/**
 * Approved: the money leaves the user's books (`frozen_withdrawal → withdrawals` for what the user
 * receives, the fee to `fees`) for the operator to send; markWithdrawalPaid records that it was sent.
 */
export function approveWithdrawal(db: Db, clock: Clock, operator: Operator, id: bigint) {
  return decideWithdrawal(db, clock, operator, id, async (tx, row, now) => {
    const [system, accounts] = await Promise.all([systemAccountIds(tx), userAccountIds(tx, row.user_id)]);
    const legs = [
      { accountId: accounts.frozen_withdrawal, amount: -row.amount },
      { accountId: system.withdrawals, amount: row.amount - row.fee },
    ];
    if (row.fee > 0n) legs.push({ accountId: system.fees, amount: row.fee });
    await post(tx, {
      kind: "withdrawal_paid",
      userId: row.user_id,
      reference: row.order_no,
      at: now,
      legs,
    });
    const detail = { amount: fromMinor(row.amount), fee: fromMinor(row.fee) };
    return { status: "success", action: "withdrawal.approve", detail };
  });
}

export function rejectWithdrawal(db: Db, clock: Clock, operator: Operator, id: bigint, reason: string) {
  return decideWithdrawal(db, clock, operator, id, async (tx, row, now) => {
    await returnToCash(tx, row, now);
    return {
      status: "failed",
      action: "withdrawal.reject",
      reason,
      detail: { amount: fromMinor(row.amount) },
    };
  });
}

export async function operatorWithdrawal(db: Executor, id: bigint): Promise<OperatorWithdrawal> {
  const row = await withdrawalQuery(db).where("w.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return toOperatorWithdrawal(row);
}

export async function listUserWithdrawals(db: Executor, userId: bigint, page: PageRequest) {
  return newestFirstPage(withdrawalQuery(db).where("w.user_id", "=", userId), "w.id", page, toWithdrawal);
}

const NEWEST_FIRST: ListOrder = { idColumn: "w.id", direction: "desc" };

/** The withdrawals the queue's filters match: a status, the days they were asked on, the search text. */
function filteredWithdrawals(db: Executor, filters: ReviewFilters, timeZone: string) {
  const { status, q } = filters;
  const matching = withinDays(fromWithdrawals(db), "w.created_at", filters, timeZone)
    .$if(status !== undefined, (qb) => qb.where("w.status", "=", status as "under_review"))
    .$if(Boolean(q?.trim()), (qb) =>
      qb.where(ordersMatching(db, { table: "withdrawals", idColumn: "w.id", prefix: "W" }, q ?? "")),
    );
  return { matching, withColumns: withWithdrawalColumns, order: NEWEST_FIRST, amountColumn: "w.amount" };
}

/** A page of the withdrawals queue, newest first, with how many withdrawals match and their sum. */
export async function listWithdrawalsForReview(
  db: Executor,
  query: ReviewQuery,
  timeZone: string,
): Promise<OperatorWithdrawalPage> {
  const page = await filteredPage(db, filteredWithdrawals(db, query, timeZone), query, toOperatorWithdrawal);
  const totalAmount = page.totalAmount === null ? null : fromMinor(page.totalAmount);
  return { ...page, totalAmount, timeZone };
}

/** Every withdrawal the filters match, newest first, up to `maxRows`, for an export. */
export async function* everyWithdrawal(
  db: Executor,
  filters: ReviewFilters,
  options: { timeZone: string; maxRows: number },
): AsyncGenerator<OperatorWithdrawal> {
  const list = filteredWithdrawals(db, filters, options.timeZone);
  for await (const row of everyRow(list.withColumns(list.matching), NEWEST_FIRST, options.maxRows))
    yield toOperatorWithdrawal(row);
}
