import { z } from "zod";
import { ERROR_CODES } from "./errors";

export const errorCode = z.enum(ERROR_CODES);

/** `{ "error": { "code", "message", "fields"? } }`; `fields` maps a form field to its error code. */
export const errorBody = z.object({
  error: z.object({
    code: errorCode,
    message: z.string(),
    fields: z.record(z.string(), errorCode).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;
