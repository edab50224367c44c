import { perUserMessage, type UserEventRenderer } from "../platform/realtime";
import { readSavings, type SavingsDeps } from "./service";

declare module "../platform/events" {
  interface DomainEvents {
    /** A saver's shares moved: a move in or out, a confirmation, a day's income (once committed). */
    "savings.updated": bigint;
  }
}

/** "savings.updated" as each saver's open app hears it: savings.updated with their Yu'ebao now. */
export function savingsUpdates(deps: SavingsDeps): UserEventRenderer<bigint> {
  return perUserMessage(async (userId) => ({
    type: "savings.updated",
    summary: await readSavings(deps, userId),
  }));
}
