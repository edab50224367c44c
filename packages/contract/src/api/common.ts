import { z } from "zod";

/** Cursor pagination: `?cursor=&limit=`; a page answers with its items and the next cursor, if any. */
export const pageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const okResponse = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponse>;

export const idString = z.string().regex(/^\d{1,19}$/);
export const isoTime = z.string().describe("ISO 8601 time");
