import type { UserEventRenderer, UserMessage } from "../platform/realtime";
import { accountSummaryNow, type FiguresDeps } from "./figures";

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
