import { sql } from "kysely";
import webpush from "web-push";
import { z } from "zod";
import type { Config } from "../platform/config";
import type { Executor } from "../platform/db";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY = "push.vapid";
const stored = z.object({ publicKey: z.string(), privateKey: z.string() });

/**
 * The server's VAPID key pair: the configured one, else the one kept in the settings table, made at
 * first use. Every process reads the same row: the first to insert wins and the others read its pair.
 */
export async function vapidKeys(db: Executor, config: Config, now: Date): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  const made = webpush.generateVAPIDKeys();
  await sql`
    insert into settings (key, value, updated_at) values (${KEY}, ${JSON.stringify(made)}::jsonb, ${now}::timestamptz)
    on conflict (key) do nothing`.execute(db);
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", KEY)
    .executeTakeFirstOrThrow();
  return stored.parse(row.value);
}

/** Who push services may contact about this server: VAPID_SUBJECT, else PUBLIC_URL, else a mailto of its host. */
export function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.PUBLIC_URL?.startsWith("https:")) return config.PUBLIC_URL;
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : "localhost";
  return `mailto:push@${host}`;
}
