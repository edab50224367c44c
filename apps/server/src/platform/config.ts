import path from "node:path";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  PLATFORM_TZ: z
    .string()
    .default("Asia/Shanghai")
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "unknown time zone"),
  DEMO_MODE: flag.optional(),
  WEB_DIST: z.string().default(path.resolve(import.meta.dirname, "../../../web/dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  FEED_ENABLED: flag.default(true),
  FEED_SEED: z.string().min(1).optional(),
  FEED_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** Settle contracts in this process (any number of processes may; tests settle by hand). */
  TRADING_WORKER_ENABLED: flag.default(true),
});

export type Config = Omit<z.infer<typeof configSchema>, "DEMO_MODE"> & { DEMO_MODE: boolean };

/**
 * Reads the configuration from the environment. Demo mode defaults to on for the embedded database
 * and off when a PostgreSQL server is configured, so a real-money setup never gets a demo top-up by accident.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const { DEMO_MODE, ...rest } = parsed.data;
  return { ...rest, DEMO_MODE: DEMO_MODE ?? !rest.DATABASE_URL };
}
