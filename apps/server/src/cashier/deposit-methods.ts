import {
  type DepositMethod,
  type DepositMethodInput,
  fromMinor,
  type Locale,
  servedLocale,
  toMinor,
} from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError, fieldErrors } from "../platform/errors";
import type { Operator } from "../platform/schema";
import type { DepositMethodRow } from "./schema";

/**
 * A method's text in `locale`, or in the next language its reader reads (servedLocale); the default
 * locale's is always there (an operator must enter a name in it).
 */
export function inLocale(texts: Partial<Record<Locale, string>>, locale: Locale): string {
  return texts[servedLocale(locale, texts)] ?? "";
}

export function toDepositMethod(row: DepositMethodRow, locale: Locale): DepositMethod {
  return {
    id: String(row.id),
    kind: row.kind,
    name: inLocale(row.names, locale),
    names: row.names,
    bankName: row.bank_name,
    accountName: row.account_name,
    accountNumber: row.account_number,
    network: row.network,
    address: row.address,
    instructions: inLocale(row.instructions, locale),
    instructionsByLocale: row.instructions,
    minAmount: fromMinor(row.min_amount),
    maxAmount: fromMinor(row.max_amount),
    active: row.active,
  };
}

export async function listDepositMethods(
  db: Executor,
  options: { activeOnly: boolean; locale: Locale },
): Promise<DepositMethod[]> {
  const rows = await db
    .selectFrom("deposit_methods")
    .selectAll()
    .$if(options.activeOnly, (q) => q.where("active", "=", true))
    .orderBy("id")
    .execute();
  return rows.map((row) => toDepositMethod(row, options.locale));
}

function validMethod(input: DepositMethodInput) {
  const fields: Record<string, "REQUIRED" | "AMOUNT_INVALID"> = {};
  if (input.kind === "bank") {
    if (!input.bankName) fields.bankName = "REQUIRED";
    if (!input.accountName) fields.accountName = "REQUIRED";
    if (!input.accountNumber) fields.accountNumber = "REQUIRED";
  } else {
    if (!input.network) fields.network = "REQUIRED";
    if (!input.address) fields.address = "REQUIRED";
  }
  if (toMinor(input.maxAmount) < toMinor(input.minAmount)) fields.maxAmount = "AMOUNT_INVALID";
  if (Object.keys(fields).length > 0) throw fieldErrors(fields);
  const bank = input.kind === "bank";
  return {
    kind: input.kind,
    names: JSON.stringify(input.names),
    bank_name: bank ? input.bankName : null,
    account_name: bank ? input.accountName : null,
    account_number: bank ? input.accountNumber : null,
    network: bank ? null : input.network,
    address: bank ? null : input.address,
    instructions: JSON.stringify(input.instructions),
    min_amount: toMinor(input.minAmount),
    max_amount: toMinor(input.maxAmount),
    active: input.active,
  };
}

export async function createDepositMethod(
  db: Executor,
  input: DepositMethodInput,
  at: Date,
  locale: Locale,
): Promise<DepositMethod> {
  const row = await db
    .insertInto("deposit_methods")
    .values({ ...validMethod(input), created_at: at, updated_at: at })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toDepositMethod(row, locale);
}

export async function updateDepositMethod(
  db: Executor,
  id: bigint,
  input: DepositMethodInput,
  at: Date,
  locale: Locale,
): Promise<DepositMethod> {
  const row = await db
    .updateTable("deposit_methods")
    .set({ ...validMethod(input), updated_at: at })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND");
  return toDepositMethod(row, locale);
}

export async function activeDepositMethod(db: Executor, id: bigint): Promise<DepositMethodRow> {
  const row = await db.selectFrom("deposit_methods").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row?.active) throw new AppError("DEPOSIT_METHOD_UNAVAILABLE");
  return row;
}

/** Creates (id null) or changes a deposit method, with its audit record in the same transaction. */
export function saveDepositMethod(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint | null,
  input: DepositMethodInput,
  locale: Locale,
): Promise<DepositMethod> {
  return db.transaction().execute(async (tx) => {
    const method =
      id === null
        ? await createDepositMethod(tx, input, clock.now(), locale)
        : await updateDepositMethod(tx, id, input, clock.now(), locale);
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: id === null ? "deposit_method.create" : "deposit_method.update",
      targetType: "deposit_method",
      targetId: method.id,
      detail: method,
    });
    return method;
  });
}
