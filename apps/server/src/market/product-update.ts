import { fromMinor, type Locale, type Product, toMinor, type UpdateProductRequest } from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { operatorTakesStatus } from "./anomaly-guard";
import { requireChainFor } from "./chain-rule";
import { EXCHANGE_SOURCE } from "./feed-sources";
import { durationsOf, findProduct, getProduct } from "./service";
import { recordTerms, sameTerms } from "./terms";

/**
 * An operator's change to a product's status, trading hours, durations (rates) or stake limits, audited
 * with its reason in the same transaction. A change of the durations, rates or stake limits is a new
 * version of the published terms (product_terms). Contracts keep the terms they were placed under (each
 * stores its own payout rate and version); this applies to new ones.
 */
export async function updateProduct(
  db: Db,
  clock: Clock,
  operator: Operator,
  symbol: string,
  input: UpdateProductRequest,
  locale: Locale,
): Promise<Product> {
  const now = clock.now();
  const canonical = await db.transaction().execute(async (tx) => {
    const m = tx;
    const found = await findProduct(tx, symbol);
    const row = await m
      .selectFrom("products")
      .selectAll()
      .where("symbol", "=", found.symbol)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();

    const status = input.status ?? row.status;
    const schedule = input.schedule ?? row.schedule;
    let reopensAt: Date | null;
    if (input.reopensAt !== undefined)
      reopensAt = input.reopensAt === null ? null : new Date(input.reopensAt);
    else reopensAt = input.status === "maintenance" ? null : row.reopens_at;
    if (status === "open") {
      if (input.reopensAt) throw new AppError("REOPENS_AT_INVALID");
      reopensAt = null;
    } else if (reopensAt && reopensAt <= now) {
      throw new AppError("REOPENS_AT_INVALID");
    }
    // Prices of a simulated product exist only as a chain commits them: it opens only under one.
    if (input.status === "open" && row.status !== "open" && row.source !== EXCHANGE_SOURCE)
      await requireChainFor(tx, row.symbol, now);
    const minStake = input.minStake === undefined ? row.min_stake : toMinor(input.minStake);
    const maxStake = input.maxStake === undefined ? row.max_stake : toMinor(input.maxStake);
    if (minStake > maxStake) throw new AppError("STAKE_RANGE_INVALID");
    const durations = input.durations?.toSorted((a, b) => a.seconds - b.seconds);
    if (durations && new Set(durations.map((d) => d.seconds)).size !== durations.length) {
      throw new AppError("DURATIONS_INVALID");
    }

    const ratesBefore = (await durationsOf(m, [row.symbol])).get(row.symbol) ?? [];
    const termsBefore = { durations: ratesBefore, minStake: row.min_stake, maxStake: row.max_stake };
    const termsAfter = { durations: durations ?? ratesBefore, minStake, maxStake };
    // The terms' version moves with every change of the durations, the rates or the stake limits, in
    // this transaction, and the new table is stored beside it: a contract's recorded version always
    // names the published table its rate and stake came under.
    const termsChanged = !sameTerms(termsBefore, termsAfter);
    const payoutTableVersion = row.payout_table_version + (termsChanged ? 1 : 0);
    const before = {
      status: row.status,
      ...(row.halt_anomaly_id !== null ? { haltAnomalyId: String(row.halt_anomaly_id) } : {}),
      schedule: row.schedule,
      reopensAt: row.reopens_at?.toISOString() ?? null,
      minStake: fromMinor(row.min_stake),
      maxStake: fromMinor(row.max_stake),
      ...(durations ? { durations: ratesBefore } : {}),
      payoutTableVersion: row.payout_table_version,
    };
    await m
      .updateTable("products")
      .set({
        status,
        ...(input.status !== undefined ? operatorTakesStatus(now) : {}),
        schedule,
        reopens_at: reopensAt,
        min_stake: minStake,
        max_stake: maxStake,
        payout_table_version: payoutTableVersion,
        updated_at: now,
      })
      .where("symbol", "=", row.symbol)
      .execute();
    if (durations && !sameTerms({ ...termsBefore, durations }, termsBefore)) {
      await m.deleteFrom("product_durations").where("symbol", "=", row.symbol).execute();
      await m
        .insertInto("product_durations")
        .values(
          durations.map((d) => ({
            symbol: row.symbol,
            seconds: d.seconds,
            payout_rate_bps: d.payoutRateBps,
          })),
        )
        .execute();
    }
    if (termsChanged) await recordTerms(m, row.symbol, payoutTableVersion, now, termsAfter);
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "market.product.update",
      targetType: "product",
      targetId: row.symbol,
      reason: input.reason ?? null,
      detail: {
        before,
        after: {
          status,
          schedule,
          reopensAt: reopensAt?.toISOString() ?? null,
          minStake: fromMinor(minStake),
          maxStake: fromMinor(maxStake),
          ...(durations ? { durations } : {}),
          payoutTableVersion,
        },
      },
    });
    return row.symbol;
  });
  return getProduct(db, now, canonical, locale);
}
