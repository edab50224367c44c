import { perUserMessage, type UserEventRenderer } from "../platform/realtime";
import { type VerificationDeps, verificationStatusOf } from "./service";

declare module "../platform/events" {
  interface DomainEvents {
    /** A reviewer approved or rejected the user's verification (once committed). */
    "verification.updated": bigint;
  }
}

/**
 * "verification.updated" as the user's open apps hear it: verification.updated with where it stands,
 * without photo links (those belong to one session; the app asks for its own).
 */
export function verificationUpdates(deps: VerificationDeps): UserEventRenderer<bigint> {
  return perUserMessage(async (userId) => ({
    type: "verification.updated",
    status: await verificationStatusOf(deps, userId, null),
  }));
}
