import {
  type CreateDepositRequest,
  type Deposit,
  fromMinor,
  type Locale,
  type OperatorDeposit,
  type OperatorDepositPage,
  type ReviewFilters,
  type ReviewQuery,
  toMinor,
} from "@tickfair/contract";
import { sql } from "kysely";
import { recordAudit } from "../audit";
import { assertOwnFile } from "../files";
import { post, systemAccountIds, userAccountIds } from "../ledger";
import { recordNotice } from "../messages";
import type { Clock } from "../platform/clock";
import type { Db, Executor, Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { everyRow, filteredPage, type ListOrder, withinDays } from "../platform/filtered-list";
import { newestFirstPage, type PageRequest } from "../platform/newest-first-page";
import type { Operator } from "../platform/schema";
import { enqueuePush } from "../push";
import { activeDepositMethod, inLocale } from "./deposit-methods";
import { recordReview } from "./review";
import { ordersMatching } from "./review-search";
import { cashierRules } from "./settings";

const depositColumns = [
  "d.id",
  "d.order_no",
  "d.user_id",
  "d.amount",
  "d.reference",
  "d.status",
  "d.reason",
  "d.proof_file_id",
  "d.created_at",
  "d.reviewed_at",
  "m.id as method_id",
  "m.kind as method_kind",
  "m.names as method_names",
] as const;

const fromDeposits = (db: Executor) => db.selectFrom("deposits as d");
type DepositsFrom = ReturnType<typeof fromDeposits>;

const withDepositColumns = (q: DepositsFrom) =>
  q.innerJoin("deposit_methods as m", "m.id", "d.method_id").select(depositColumns);

function depositQuery(db: Executor) {
  return withDepositColumns(fromDeposits(db));
}

type DepositRow = Awaited<ReturnType<ReturnType<typeof depositQuery>["executeTakeFirstOrThrow"]>>;

/** A deposit as `locale` reads it: the method's current name in that language (deposits keep no copy). */
function toDeposit(row: DepositRow, locale: Locale): Deposit {
  return {
    id: String(row.id),
    orderNo: row.order_no,
    method: { id: String(row.method_id), kind: row.method_kind, name: inLocale(row.method_names, locale) },
    amount: fromMinor(row.amount),
    reference: row.reference,
    status: row.status,
    reason: row.reason,
    hasProof: row.proof_file_id !== null,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

/** A deposit request: nothing moves until an operator confirms the money arrived. */
export async function createDeposit(
  tx: Tx,
  userId: bigint,
  input: CreateDepositRequest,
  at: Date,
  locale: Locale,
): Promise<Deposit> {
  const method = await activeDepositMethod(tx, BigInt(input.methodId));
  const amount = toMinor(input.amount);
  if (amount < method.min_amount) throw new AppError("AMOUNT_BELOW_MINIMUM");
  if (amount > method.max_amount) throw new AppError("AMOUNT_ABOVE_MAXIMUM");
  if (!input.reference) throw new AppError("REFERENCE_REQUIRED", { reference: "REFERENCE_REQUIRED" });
  if (input.proofFileId) await assertOwnFile(tx, userId, input.proofFileId);
  // The review threshold in force now stays this deposit's, whatever the setting becomes later.
  const { depositSecondApprovalAbove } = await cashierRules(tx);
  const { id } = await tx
    .insertInto("deposits")
    .values({
      user_id: userId,
      method_id: method.id,
      amount,
      reference: input.reference,
      proof_file_id: input.proofFileId,
      second_approval_above: depositSecondApprovalAbove,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return toDeposit(await depositQuery(tx).where("d.id", "=", id).executeTakeFirstOrThrow(), locale);
}

export async function listUserDeposits(db: Executor, userId: bigint, page: PageRequest, locale: Locale) {
  const rows = depositQuery(db).where("d.user_id", "=", userId);
  return newestFirstPage(rows, "d.id", page, (row) => toDeposit(row, locale));
}

export async function depositProofFileId(
  db: Executor,
  userId: bigint | null,
  depositId: bigint,
): Promise<string> {
  const row = await db
    .selectFrom("deposits")
    .select("proof_file_id")
    .where("id", "=", depositId)
    .$if(userId !== null, (q) => q.where("user_id", "=", userId ?? 0n))
    .executeTakeFirst();
  if (!row?.proof_file_id) throw new AppError("NOT_FOUND");
  return row.proof_file_id;
}

async function lockDeposit(tx: Tx, id: bigint) {
  const row = await tx.selectFrom("deposits").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  if (row.status !== "under_review") throw new AppError("ALREADY_REVIEWED");
  return row;
}

export type ConfirmOutcome = { state: "confirmed" | "awaiting_second_approval"; deposit: OperatorDeposit };

/**
 * Confirms that a deposit's money arrived and credits it (`deposits → cash`). Above the configured
 * amount one operator's confirmation is not enough: a second, different operator must confirm too.
 */
export async function confirmDeposit(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
  locale: Locale,
): Promise<ConfirmOutcome & { userId: bigint }> {
  const result = await db.transaction().execute(async (tx) => {
    const now = clock.now();
    const row = await lockDeposit(tx, id);
    if (row.amount > row.second_approval_above) {
      const inserted = await tx
        .insertInto("deposit_approvals")
        .values({ deposit_id: id, operator_id: operator.id, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .returning("operator_id")
        .executeTakeFirst();
      if (!inserted) throw new AppError("SECOND_APPROVER_REQUIRED");
      const approvals = await tx
        .selectFrom("deposit_approvals")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("deposit_id", "=", id)
        .executeTakeFirstOrThrow();
      if (Number(approvals.count) < 2) {
        await recordAudit(tx, clock, {
          operatorId: operator.id,
          action: "deposit.approve_first",
          targetType: "deposit",
          targetId: String(id),
          detail: { amount: fromMinor(row.amount) },
        });
        return { state: "awaiting_second_approval" as const, userId: row.user_id };
      }
    }
    const [system, accounts] = await Promise.all([systemAccountIds(tx), userAccountIds(tx, row.user_id)]);
    const postingId = await post(tx, {
      kind: "deposit",
      userId: row.user_id,
      reference: row.order_no,
      at: now,
      legs: [
        { accountId: system.deposits, amount: -row.amount },
        { accountId: accounts.cash, amount: row.amount },
      ],
    });
    await tx
      .updateTable("deposits")
      .set({ status: "success", posting_id: postingId, reviewed_at: now, reviewed_by: operator.id })
      .where("id", "=", id)
      .execute();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "deposit.confirm",
      targetType: "deposit",
      targetId: String(id),
      detail: { amount: fromMinor(row.amount), postingId: String(postingId) },
    });
    const notice = {
      kind: "deposit_confirmed",
      orderNo: row.order_no,
      amount: fromMinor(row.amount),
    } as const;
    await recordNotice(tx, row.user_id, notice, now);
    await enqueuePush(tx, [{ userId: row.user_id, event: notice }], now);
    return { state: "confirmed" as const, userId: row.user_id };
  });
  return { ...result, deposit: await operatorDeposit(db, id, locale) };
}

export async function rejectDeposit(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
  reason: string,
  locale: Locale,
): Promise<OperatorDeposit> {
  await db.transaction().execute(async (tx) => {
    const now = clock.now();
    const row = await lockDeposit(tx, id);
    const decision = { status: "failed", action: "deposit.reject", reason } as const;
    await recordReview(tx, clock, operator, { type: "deposit", id }, decision, now);
    const notice = {
      kind: "deposit_rejected",
      orderNo: row.order_no,
      amount: fromMinor(row.amount),
      reason,
    } as const;
    await recordNotice(tx, row.user_id, notice, now);
  });
  return operatorDeposit(db, id, locale);
}

function withOperatorColumns(q: DepositsFrom) {
  return withDepositColumns(q)
    .innerJoin("users as u", "u.id", "d.user_id")
    .select([
      "u.account as user_account",
      sql<
        { operator: string; at: Date }[]
      >`coalesce((select json_agg(json_build_object('operator', o.username, 'at', a.created_at) order by a.created_at)
        from deposit_approvals a join operators o on o.id = a.operator_id where a.deposit_id = d.id), '[]'::json)`.as(
        "approvals",
      ),
    ]);
}

const operatorDepositQuery = (db: Executor) => withOperatorColumns(fromDeposits(db));

type OperatorDepositRow = Awaited<
  ReturnType<ReturnType<typeof operatorDepositQuery>["executeTakeFirstOrThrow"]>
>;

function toOperatorDeposit(row: OperatorDepositRow, locale: Locale): OperatorDeposit {
  return {
    ...toDeposit(row, locale),
    user: { id: String(row.user_id), account: row.user_account },
    approvals: row.approvals.map((a) => ({ operator: a.operator, at: new Date(a.at).toISOString() })),
  };
}

export async function operatorDeposit(db: Executor, id: bigint, locale: Locale): Promise<OperatorDeposit> {
  const row = await operatorDepositQuery(db).where("d.id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return toOperatorDeposit(row, locale);
}

const NEWEST_FIRST: ListOrder = { idColumn: "d.id", direction: "desc" };

/** The deposits the queue's filters match: a status, the days they were asked on, the search text. */
function filteredDeposits(db: Executor, filters: ReviewFilters, timeZone: string) {
  const { status, q } = filters;
  const matching = withinDays(fromDeposits(db), "d.created_at", filters, timeZone)
    .$if(status !== undefined, (qb) => qb.where("d.status", "=", status as "under_review"))
    .$if(Boolean(q?.trim()), (qb) =>
      qb.where(ordersMatching(db, { table: "deposits", idColumn: "d.id", prefix: "D" }, q ?? "")),
    );
  return { matching, withColumns: withOperatorColumns, order: NEWEST_FIRST, amountColumn: "d.amount" };
}

/** A page of the deposits queue, newest first, with how many deposits match and their sum. */
export async function listDepositsForReview(
  db: Executor,
  query: ReviewQuery,
  locale: Locale,
  timeZone: string,
): Promise<OperatorDepositPage> {
  const list = filteredDeposits(db, query, timeZone);
  const page = await filteredPage(db, list, query, (row) => toOperatorDeposit(row, locale));
  const totalAmount = page.totalAmount === null ? null : fromMinor(page.totalAmount);
  return { ...page, totalAmount, timeZone };
}

/** Every deposit the filters match, newest first, up to `maxRows`, for an export. */
export async function* everyDeposit(
  db: Executor,
  filters: ReviewFilters,
  options: { locale: Locale; timeZone: string; maxRows: number },
): AsyncGenerator<OperatorDeposit> {
  const list = filteredDeposits(db, filters, options.timeZone);
  for await (const row of everyRow(list.withColumns(list.matching), NEWEST_FIRST, options.maxRows))
    yield toOperatorDeposit(row, options.locale);
}
