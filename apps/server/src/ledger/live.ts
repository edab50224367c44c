import type { AccountSummary } from "@tickfair/contract";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import type { UserEventRenderer, UserMessage } from "../platform/realtime";
import { toAccountSummary, userFigures } from "./service";

export interface FiguresDeps {
  db: Db;
  clock: Clock;
  /** PLATFORM_TZ: where "today" of today's P&L begins. */
  platformTz: string;
}

/** The personal center's figures of a user as they stand now. */
export async function accountSummaryNow(deps: FiguresDeps, userId: bigint): Promise<AccountSummary> {
  return toAccountSummary(await userFigures(deps.db, userId, deps.clock.now(), deps.platformTz));
}

/** "account.changed" as each user's open app hears it: account.updated with the figures now. */
export function accountUpdates(deps: FiguresDeps): UserEventRenderer<bigint> {
  return {
    encode: (userId) => userId.toString(),
    decode: (wire) => BigInt(wire),
    userOf: (userId) => userId,
    async render(userIds) {
      const messages: UserMessage[] = [];
      for (const userId of new Set(userIds)) {
        messages.push({
          userId,
          message: { type: "account.updated", summary: await accountSummaryNow(deps, userId) },
        });
      }
      return messages;
    },
  };
}
