import { type SavingsSettings, savingsSettings, toMinor } from "@tickfair/contract";
import { recordAudit } from "../audit";
import type { Clock } from "../platform/clock";
import type { Db, Executor } from "../platform/db";
import { AppError } from "../platform/errors";
import type { Operator } from "../platform/schema";
import { settingStore } from "../platform/settings";

/**
 * Until an operator sets them: confirmation next day for moves before 15:00 (Alipay's cut-off), three
 * moves each way a day, amounts up to the specification's 999,999. A move out may take a last cent.
 */
export const DEFAULT_SAVINGS_SETTINGS: SavingsSettings = {
  cutOff: "15:00",
  moveIn: { perDay: 3, min: "1.00", max: "999999.00" },
  moveOut: { perDay: 3, min: "0.01", max: "999999.00" },
};

const store = settingStore("savings", savingsSettings, DEFAULT_SAVINGS_SETTINGS);

export function readSavingsSettings(db: Executor): Promise<SavingsSettings> {
  return store.read(db);
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
    await store.write(tx, settings, clock.now());
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
