import { isIP } from "node:net";
import path from "node:path";
import {
  type CountryCode,
  isCountryCode,
  isPhoneCountry,
  PHONE_COUNTRIES,
  type PhoneCountry,
} from "@tickfair/contract";
import { z } from "zod";
import { BROWSER_PUSH_SERVICES, type PushServicePattern, parsePushServices } from "./push-services";
import { SERVER_ROOT } from "./server-root";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** A comma-separated list of addresses and ranges (`10.0.0.0/8`), and those of them that are neither. */
function addressEntries(value: string): { entries: string[]; bad: string[] } {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => {
    const [address = "", bits] = entry.split("/");
    return isIP(address) === 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits));
  });
  return { entries, bad };
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For: none by default (a client could
 * otherwise choose its own rate-limit identity), a hop count, or the proxies' addresses and ranges.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, context): number | string[] | false => {
    if (value === undefined || value === "none") return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const { entries, bad } = addressEntries(value);
    if (entries.length === 0 || bad.length > 0) {
      context.addIssue({
        code: "custom",
        message: `not a hop count or proxy addresses: ${bad.join(", ") || value}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** Addresses and ranges (`127.0.0.1`, `10.0.0.0/8`, `::1`) that may read /metrics without its token. */
const addressList = z
  .string()
  .default("127.0.0.1/8,::1")
  .transform((value, context): string[] => {
    const { entries, bad } = addressEntries(value);
    if (bad.length > 0) {
      context.addIssue({ code: "custom", message: `not addresses or ranges: ${bad.join(", ")}` });
      return z.NEVER;
    }
    return entries;
  });

const pushServices = z
  .string()
  .default(BROWSER_PUSH_SERVICES)
  .transform((value, context): PushServicePattern[] => {
    const { patterns, bad } = parsePushServices(value);
    if (bad.length > 0 || patterns.length === 0) {
      context.addIssue({ code: "custom", message: `not push service origins: ${bad.join(", ") || value}` });
      return z.NEVER;
    }
    return patterns;
  });

/**
 * Countries whose phones and nationals registration refuses: ISO 3166-1 alpha-2 codes, comma-separated.
 * None by default (docs/operations.md, "Restricted countries", lists what a deployer should consider).
 */
const restrictedCountries = z
  .string()
  .optional()
  .transform((value, context): CountryCode[] => {
    const entries = (value ?? "")
      .split(",")
      .map((entry) => entry.trim().toUpperCase())
      .filter(Boolean);
    const codes = entries.filter(isCountryCode);
    if (codes.length < entries.length) {
      const unknown = entries.filter((entry) => !isCountryCode(entry));
      context.addIssue({ code: "custom", message: `not ISO 3166-1 alpha-2 codes: ${unknown.join(", ")}` });
      return z.NEVER;
    }
    return [...new Set(codes)];
  });

/**
 * The country registration starts its phone code and nationality from, for every language (one of the
 * phone field's countries); unset, each language starts from its own country (docs/operations.md).
 */
const defaultCountry = z
  .string()
  .optional()
  .transform((value, context): PhoneCountry | null => {
    const code = (value ?? "").trim().toUpperCase();
    if (code === "") return null;
    if (!isPhoneCountry(code)) {
      context.addIssue({
        code: "custom",
        message: `${code} is not one of the phone field's countries (${PHONE_COUNTRIES.join(", ")})`,
      });
      return z.NEVER;
    }
    return code;
  });

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
  WEB_DIST: z.string().default(path.join(SERVER_ROOT, "..", "web", "dist")),
  ADMIN_DIST: z.string().default(path.join(SERVER_ROOT, "..", "admin", "dist")),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Unset: readable lines when stdout is a terminal, JSON lines otherwise (platform/logging.ts). */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  TRUST_PROXY: trustProxy,
  /** The address users open when it is not this server's own (a TLS proxy in front): printed at start, and an https one turns on HSTS for its host. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * A PEM certificate (its chain after it) and its private key: with both the server speaks TLS itself,
   * HTTP/2 to browsers that offer it and HTTP/1.1 to the rest. Read once at start.
   */
  TLS_CERT_FILE: z.string().optional(),
  TLS_KEY_FILE: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** An operator session unused this long ends (the console signs in again, with the second factor). */
  OPERATOR_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  FEED_ENABLED: flag.default(true),
  FEED_SEED: z.string().min(1).optional(),
  FEED_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /**
   * The secret s_N of the synthetic markets' seed chain (docs/fairness.md): 64 hex characters, held
   * only by the feed leader's memory. Or FAIRNESS_SECRET_FILE, a file holding it. Without either a
   * demo makes one in DATA_DIR; production refuses to start the feed.
   */
  FAIRNESS_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "not 64 hex characters")
    .optional(),
  FAIRNESS_SECRET_FILE: z.string().optional(),
  /**
   * The successor chain's secret (64 hex characters): the leader publishes its anchor at least a day
   * before the current chain ends, and plays it from then on.
   */
  FAIRNESS_NEXT_SECRET: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "not 64 hex characters")
    .optional(),
  /** How long an epoch plays on one seed; its seed is revealed when it ends. A multiple of FEED_INTERVAL_MS. */
  FAIRNESS_EPOCH_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How many epochs a new chain has (8640 five-minute epochs: thirty days). */
  FAIRNESS_CHAIN_EPOCHS: z.coerce.number().int().min(1).max(100_000).default(8640),
  /** "production" refuses to start the feed without a configured fairness secret. */
  NODE_ENV: z.string().optional(),
  /** Exchange feeds: the public market-data WebSockets (defaults: the exchanges' own endpoints). */
  FEED_BINANCE_URL: z.string().url().optional(),
  FEED_OKX_URL: z.string().url().optional(),
  /** An exchange market whose latest trade is older than this no longer counts toward the median. */
  FEED_STALE_MS: z.coerce.number().int().min(1000).max(60_000).default(5000),
  /** Settle contracts in this process (any number of processes may; tests settle by hand). */
  TRADING_WORKER_ENABLED: flag.default(true),
  /** Pay savers' daily income in this process (any number of processes may; tests pay by hand). */
  SAVINGS_WORKER_ENABLED: flag.default(true),
  /** How often the savings worker looks for savers behind yesterday. */
  SAVINGS_ACCRUAL_INTERVAL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Take each closed day's proof-of-liabilities snapshot in this process (any number may; one is kept a day). */
  SOLVENCY_WORKER_ENABLED: flag.default(true),
  /** Store the risk warning's daily figure in this process (any number of processes may; one row a day is kept; tests compute by hand). */
  RISK_FIGURE_WORKER_ENABLED: flag.default(true),
  /**
   * The fewest users with settled contracts the risk warning states a share of; below it the app shows
   * its configured text. A share of a handful of users says little, and could tell their results.
   */
  RISK_WARNING_MIN_USERS: z.coerce.number().int().min(10).max(1_000_000).default(100),
  /**
   * The fewest settled contracts of a product and duration whose realized return per 100 staked the
   * ticket and the rules page state; below it they say there are not enough trades yet.
   */
  REALIZED_RETURN_MIN_CONTRACTS: z.coerce.number().int().min(10).max(1_000_000).default(100),
  /**
   * Publish scheduled content (about us, the agreement, news…) and send scheduled broadcasts in this
   * process; each goes out once whichever process gets to it.
   */
  CONTENT_PUBLISHER_ENABLED: flag.default(true),
  /**
   * Journeys only: POST /api/v1/system/clock moves this server's clock forward (demo mode only, the
   * server refuses to start otherwise).
   */
  CLOCK_CONTROL: flag.default(false),
  /** Send push notifications from the outbox in this process (any number of processes may; tests send by hand). */
  PUSH_WORKER_ENABLED: flag.default(true),
  /** Delete expired rows (docs/operations.md, "Retention") in this process (any number of processes may; tests run it by hand). */
  RETENTION_WORKER_ENABLED: flag.default(true),
  /**
   * Archive months of ticks that ended this many days ago or more to the blob store (decision 0084);
   * 0 keeps every tick in the database.
   */
  TICK_ARCHIVE_AFTER_DAYS: z.coerce
    .number()
    .int()
    .refine((days) => days === 0 || (days >= 35 && days <= 3650), "0, or from 35 to 3650 days")
    .default(180),
  /**
   * The VAPID key pair push services know this server by (base64url, as web-push makes them). Without
   * them one pair is made at first start and kept in the database. A new pair ends every subscription.
   */
  VAPID_PUBLIC_KEY: z.string().min(80).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).optional(),
  /** Who push services contact about this server (mailto: or https:); by default PUBLIC_URL. */
  VAPID_SUBJECT: z.string().url().optional(),
  /**
   * The push services a subscription may name (origins, comma-separated; `*.` for every subdomain,
   * `:*` for any port): the browsers' own by default. The server POSTs to these, so nothing else is taken.
   */
  PUSH_SERVICES: pushServices,
  /** When customer service answers live (HH:mm-HH:mm on PLATFORM_TZ's clock); outside it messages wait. */
  SUPPORT_HOURS: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/, "HH:mm-HH:mm")
    .default("09:00-21:00"),
  /** The most chat messages one user may send in a minute. */
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(20),
  /** The private blob store's folder (ID photos); by default `blobs` in DATA_DIR. */
  BLOB_DIR: z.string().optional(),
  /** An S3-compatible bucket (MinIO, AWS S3) for the private blobs instead of BLOB_DIR: servers on several hosts share it. */
  BLOB_S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The S3-compatible server's address (MinIO: http://minio:9000); AWS S3 when unset. */
  BLOB_S3_ENDPOINT: z.string().url().optional(),
  BLOB_S3_REGION: z.string().default("us-east-1"),
  /** With the secret, the bucket's credentials; without both the SDK's own chain (environment, instance role) applies. */
  BLOB_S3_ACCESS_KEY_ID: z.string().optional(),
  BLOB_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the path, not the host name (MinIO needs it); by default on exactly when an endpoint is set. */
  BLOB_S3_FORCE_PATH_STYLE: flag.optional(),
  /** Keeps the blobs under folder names in a bucket shared with other things: `tickfair/blobs`. */
  BLOB_S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/, "not folder names separated by /")
    .optional(),
  /**
   * Keys that encrypt ID numbers at rest: `id:base64` of 32 bytes each, comma-separated, the first
   * encrypting new ones (docs/operations.md, rotation). Without it a key file in DATA_DIR is made once.
   */
  ID_NUMBER_KEYS: z.string().optional(),
  /** The key (base64, 32 bytes) of the ID numbers' keyed hash, which refuses one number on two accounts. Never rotated. */
  ID_NUMBER_INDEX_KEY: z.string().optional(),
  /** How old the tick an order was confirmed at may be when the order arrives (QUOTE_EXPIRED past it). */
  QUOTE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(60).default(5),
  RESTRICTED_COUNTRIES: restrictedCountries,
  DEFAULT_COUNTRY: defaultCountry,

  // Monitoring (docs/operations.md, "Monitoring"; decision 0078).
  /** Who may scrape /metrics: the client's address (request.ip, so TRUST_PROXY applies); loopback by default. */
  METRICS_ALLOW: addressList,
  /** A bearer token that opens /metrics from any address; without it only METRICS_ALLOW may. */
  METRICS_TOKEN: z.string().min(16).optional(),
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
  const demoMode = DEMO_MODE ?? !rest.DATABASE_URL;
  if (rest.DEFAULT_COUNTRY && rest.RESTRICTED_COUNTRIES.includes(rest.DEFAULT_COUNTRY))
    throw new Error(
      `Invalid configuration: DEFAULT_COUNTRY ${rest.DEFAULT_COUNTRY} is in RESTRICTED_COUNTRIES`,
    );
  if (rest.CLOCK_CONTROL && !demoMode)
    throw new Error("Invalid configuration: CLOCK_CONTROL needs demo mode");
  if ((rest.BLOB_S3_ACCESS_KEY_ID === undefined) !== (rest.BLOB_S3_SECRET_ACCESS_KEY === undefined))
    throw new Error(
      "Invalid configuration: BLOB_S3_ACCESS_KEY_ID and BLOB_S3_SECRET_ACCESS_KEY are set together or not at all",
    );
  if ((rest.VAPID_PUBLIC_KEY === undefined) !== (rest.VAPID_PRIVATE_KEY === undefined))
    throw new Error(
      "Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all",
    );
  if ((rest.TLS_CERT_FILE === undefined) !== (rest.TLS_KEY_FILE === undefined))
    throw new Error("Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE are set together or not at all");
  // Users reach a server that terminates TLS itself only over https; an http address would be printed
  // and given to passkeys as the origin, and neither answers.
  if (rest.TLS_CERT_FILE && rest.PUBLIC_URL?.startsWith("http:"))
    throw new Error(
      "Invalid configuration: PUBLIC_URL is http but TLS_CERT_FILE makes this server answer https",
    );
  if (rest.FAIRNESS_SECRET && rest.FAIRNESS_SECRET_FILE)
    throw new Error("Invalid configuration: FAIRNESS_SECRET and FAIRNESS_SECRET_FILE are not set together");
  if ((rest.FAIRNESS_EPOCH_SECONDS * 1000) % rest.FEED_INTERVAL_MS !== 0)
    throw new Error(
      "Invalid configuration: FAIRNESS_EPOCH_SECONDS is not a whole number of FEED_INTERVAL_MS",
    );
  const s3Settings = Object.keys(present).filter((name) => name.startsWith("BLOB_S3_"));
  // Without the bucket the folder would quietly be used, which a half-made S3 setup should not get.
  if (s3Settings.length > 0 && !rest.BLOB_S3_BUCKET)
    throw new Error(`Invalid configuration: ${s3Settings.join(", ")} needs BLOB_S3_BUCKET`);
  return { ...rest, DEMO_MODE: demoMode };
}
