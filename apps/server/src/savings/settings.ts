import { type SavingsSettings, savingsSettings, toMinor } from "@tickfair/contract";
import { recordAudit } from "../operators";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";

/**
 * Until an operator sets them: confirmation next day for moves before 15:00 (Alipay's cut-off), three
 * moves each way a day, amounts up to the specification's 999,999. A move out may take a last cent.
 */
export const DEFAULT_SAVINGS_SETTINGS: SavingsSettings = {
  cutOff: "15:00",
  moveIn: { perDay: 3, min: "1.00", max: "999999.00" },
  moveOut: { perDay: 3, min: "0.01", max: "999999.00" },
};

const KEY = "savings";

export async function readSavingsSettings(db: Executor): Promise<SavingsSettings> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  const parsed = savingsSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_SAVINGS_SETTINGS;
}

/** An operator's change of the cut-off and limits, audited with what it was before. */
export async function changeSavingsSettings(
  db: Db,
  clock: Clock,
  operator: Operator,
  settings: SavingsSettings,
  reason: string,
): Promise<SavingsSettings> {
  for (const limits of [settings.moveIn, settings.moveOut])
    if (toMinor(limits.min) > toMinor(limits.max)) throw new AppError("SAVINGS_LIMITS_INVALID");
  return db.transaction().execute(async (tx) => {
    const before = await readSavingsSettings(tx);
    const value = JSON.stringify(settings);
    const at = clock.now();
    await tx
      .insertInto("settings")
      .values({ key: KEY, value, updated_at: at })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: at }))
      .execute();
    await recordAudit(tx, clock, {
      operatorId: operator.id,
      action: "savings_settings.change",
      targetType: "savings",
      targetId: "settings",
      reason,
      detail: { before, after: settings },
    });
    return settings;
  });
}
