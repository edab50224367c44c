import type { LossStreakPauseDetails } from "@tickfair/contract";
import { ApiError } from "../../api/errors";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The figures of a LOSS_STREAK_PAUSE refusal, or null for any other failure (or details the app cannot
 * read, when the plain message is shown instead).
 */
export function lossStreakPauseOf(error: unknown): LossStreakPauseDetails | null {
  if (!(error instanceof ApiError) || error.code !== "LOSS_STREAK_PAUSE" || !isRecord(error.details))
    return null;
  const { lossesInRow, lastLossAt, continueAt, since, contracts, staked, returned, net } = error.details;
  const texts = [lastLossAt, continueAt, since, staked, returned, net];
  if (typeof lossesInRow !== "number" || typeof contracts !== "number") return null;
  if (!texts.every((text) => typeof text === "string") || Number.isNaN(Date.parse(String(continueAt))))
    return null;
  return error.details as LossStreakPauseDetails;
}

/** Whole seconds until the user may go on, rounded up (the button says 1 s until it is 0); never below zero. */
export function secondsLeft(continueAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(continueAt) - now) / 1000));
}
