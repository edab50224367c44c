import type { LossStreakPauseDetails } from "@tickfair/contract";
import { ApiError } from "../../api/errors";

/**
 * The figures of a LOSS_STREAK_PAUSE refusal, or null for any other failure (or a refusal without
 * them, when the plain message is shown instead). Their shape is the contract's
 * lossStreakPauseDetails, checked by the server's tests; the pause's end is what the dialog needs.
 */
export function lossStreakPauseOf(error: unknown): LossStreakPauseDetails | null {
  if (!(error instanceof ApiError) || error.code !== "LOSS_STREAK_PAUSE") return null;
  const details = error.details as Partial<LossStreakPauseDetails> | null;
  return typeof details?.continueAt === "string" ? (details as LossStreakPauseDetails) : null;
}
