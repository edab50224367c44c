import type { z } from "zod";
import type { Executor } from "./db";

/**
 * The settings table, one JSON value per key, and its one reader and writer: each capability keeps
 * its own key (cashier, savings) with its own schema and default. A stored value its schema no longer
 * accepts reads as the default rather than failing every request.
 */
export function settingStore<S extends z.ZodType>(key: string, schema: S, fallback: z.infer<S>) {
  return {
    async read(db: Executor): Promise<z.infer<S>> {
      const row = await db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      const parsed = schema.safeParse(row?.value);
      return parsed.success ? parsed.data : fallback;
    },
    async write(db: Executor, value: z.infer<S>, at: Date): Promise<void> {
      const json = JSON.stringify(value);
      await db
        .insertInto("settings")
        .values({ key, value: json, updated_at: at })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: at }))
        .execute();
    },
  };
}
