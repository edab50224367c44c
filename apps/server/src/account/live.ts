import { perUserMessage, type UserEventRenderer } from "../platform/realtime";
import { accountSummaryNow, type FiguresDeps } from "./figures";

/** "account.updated" as each user's open app hears it: account.updated with the figures now. */
export function accountUpdates(deps: FiguresDeps): UserEventRenderer<bigint> {
  return perUserMessage(async (userId) => ({
    type: "account.updated",
    summary: await accountSummaryNow(deps, userId),
  }));
}
