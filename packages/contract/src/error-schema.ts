import { z } from "zod";
import { ERROR_CODES } from "./errors";

export const errorCode = z.enum(ERROR_CODES);

/**
 * `{ "error": { "code", "message", "fields"?, "details"? } }`; `fields` maps a form field to its error
 * code; `details` are figures a code carries (LOSS_STREAK_PAUSE: lossStreakPauseDetails; EXPOSURE_LIMIT_REACHED:
 * which cap, product and direction).
 */
export const errorBody = z.object({
  error: z.object({
    code: errorCode,
    message: z.string(),
    fields: z.record(z.string(), errorCode).optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
