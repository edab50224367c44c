import {
  type ControlChange,
  type ExposureCaps,
  type ExposureCapsChange,
  fromMinor,
  type ProductExposureCaps,
  toMinor,
} from "@tickfair/contract";
import { sql } from "kysely";
import {
  type ControlSubject,
  decideControlChange,
  listControlChanges,
  proposeControlChange,
  recordAudit,
} from "../audit";
import { productNotFound, symbolCode, symbolCodeOf } from "../market";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";

/**
 * Operators set a product's exposure caps (docs/decisions/0062-exposure-caps.md). A tightening applies
 * at once; a loosening (a higher cap, or none) is proposed and applies when a second admin approves it.
 * Either way only new orders are judged by them: no contract, stake or outcome is touched.
 */

export const CAPS_SUBJECT = "exposure_caps";

const CAP_FIELDS = ["up", "down", "perUser"] as const;

/** A product's caps as the control-changes log keeps them: the product, and each cap. */
export interface CapsControl extends ExposureCaps {
  symbol: string;
  /** Why it changes (in a proposal only: the log keeps it beside the values). */
  reason?: string;
}

const wire = (value: bigint | null) => (value === null ? null : fromMinor(value));
const minor = (value: string | null) => (value === null ? null : toMinor(value));

async function readCaps(db: Executor, symbol: string): Promise<ExposureCaps> {
  const row = await db
    .selectFrom("trading_exposure_caps")
    .select(["up_payout", "down_payout", "user_payout"])
    .where("symbol", "=", symbol)
    .executeTakeFirst();
  return {
    up: wire(row?.up_payout ?? null),
    down: wire(row?.down_payout ?? null),
    perUser: wire(row?.user_payout ?? null),
  };
}

export function capsControl(symbol: string): ControlSubject<CapsControl> {
  return {
    subject: CAPS_SUBJECT,
    async read(db) {
      return { symbol, ...(await readCaps(db, symbol)) };
    },
    async write(tx, value, at) {
      const caps = {
        up_payout: minor(value.up),
        down_payout: minor(value.down),
        user_payout: minor(value.perUser),
        updated_at: at,
      };
      await tx
        .insertInto("trading_exposure_caps")
        .values({ symbol, ...caps })
        .onConflict((oc) => oc.column("symbol").doUpdateSet(caps))
        .execute();
    },
  };
}

/** The caps a change loosens: one raised, or removed (null is no cap). */
export function capsLoosened(current: ExposureCaps, next: ExposureCaps): string[] {
  return CAP_FIELDS.filter((field) => {
    const before = minor(current[field]);
    const after = minor(next[field]);
    if (before === null) return false;
    return after === null || after > before;
  });
}

/** The product a path names, in any of the spellings the market accepts ("BTC/USDT", "btc-usdt"). */
async function productSymbol(db: Executor, named: string): Promise<string> {
  const product = await db
    .selectFrom("products")
    .select("symbol")
    .where(symbolCodeOf(sql.ref("symbol")), "=", symbolCode(named))
    .executeTakeFirst();
  if (!product) throw productNotFound();
  return product.symbol;
}

/**
 * An operator's change of a product's caps: a loosening is proposed for another admin, anything else
 * applied at once, audited with what it replaced and why.
 */
export async function changeCaps(
  db: Db,
  clock: Clock,
  operator: Operator,
  named: string,
  change: ExposureCapsChange,
): Promise<{ applied: ExposureCaps } | { proposed: ControlChange }> {
  const symbol = await productSymbol(db, named);
  const { reason, ...next } = change;
  const control = capsControl(symbol);
  const loosened = capsLoosened(await readCaps(db, symbol), next);
  if (loosened.length > 0)
    return {
      proposed: await proposeControlChange(
        db,
        clock,
        operator,
        control,
        { symbol, ...next, reason },
        loosened,
      ),
    };
  await db.transaction().execute(async (tx) => {
    // The row locked first, so two tightenings at once each record what they really replaced.
    await sql`select symbol from trading_exposure_caps where symbol = ${symbol} for update`.execute(tx);
    const before = await readCaps(tx, symbol);
    await control.write(tx, { symbol, ...next }, clock.now());
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: `${CAPS_SUBJECT}.update`,
      targetType: "product",
      targetId: symbol,
      reason,
      detail: { before, after: next },
    });
  });
  return { applied: next };
}

/** A second admin's decision on a proposed loosening, for the product it names. */
export async function decideCapsChange(
  db: Db,
  clock: Clock,
  operator: Operator,
  id: bigint,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<ControlChange> {
  const change = await db
    .selectFrom("control_changes")
    .select("proposed")
    .where("id", "=", id)
    .where("subject", "=", CAPS_SUBJECT)
    .executeTakeFirst();
  if (!change) throw new AppError("NOT_FOUND");
  const { symbol } = change.proposed as CapsControl;
  return decideControlChange(db, clock, operator, capsControl(symbol), id, decision);
}

/**
 * Every product's caps, with what its open contracts would pay if up or down won and the largest one
 * user's open payout on it, and a loosening waiting for a second admin.
 */
export async function listCaps(db: Executor): Promise<ProductExposureCaps[]> {
  const { rows } = await sql<{
    symbol: string;
    up_payout: bigint | null;
    down_payout: bigint | null;
    user_payout: bigint | null;
    open_up: bigint;
    open_down: bigint;
    largest_user: bigint;
  }>`
    select p.symbol, c.up_payout, c.down_payout, c.user_payout,
      coalesce((select sum(x.payout - coalesce(r.payout, 0)) from trading_exposure_placed x
        left join trading_exposure_released r using (symbol, direction)
        where x.symbol = p.symbol and x.direction = 'up'), 0) as open_up,
      coalesce((select sum(x.payout - coalesce(r.payout, 0)) from trading_exposure_placed x
        left join trading_exposure_released r using (symbol, direction)
        where x.symbol = p.symbol and x.direction = 'down'), 0) as open_down,
      coalesce((select max(x.payout - coalesce(r.payout, 0)) from trading_user_exposure_placed x
        left join trading_user_exposure_released r using (user_id, symbol)
        where x.symbol = p.symbol), 0) as largest_user
    from products p left join trading_exposure_caps c on c.symbol = p.symbol
    order by p.symbol`.execute(db);
  // Loosenings wait rarely and briefly; a page of the newest is every one a console could be shown.
  const { items } = await listControlChanges(db, { status: "pending", subject: CAPS_SUBJECT, limit: 100 });
  const proposals = new Map<string, ControlChange>();
  for (const change of items) {
    const symbol = String(change.proposed.symbol);
    if (!proposals.has(symbol)) proposals.set(symbol, change);
  }
  return rows.map((row) => ({
    symbol: row.symbol,
    caps: { up: wire(row.up_payout), down: wire(row.down_payout), perUser: wire(row.user_payout) },
    open: {
      up: fromMinor(BigInt(row.open_up)),
      down: fromMinor(BigInt(row.open_down)),
      largestUser: fromMinor(BigInt(row.largest_user)),
    },
    pending: proposals.get(row.symbol) ?? null,
  }));
}
