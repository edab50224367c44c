import { z } from "zod";
import { COUNTRY_CODES } from "../countries";
import { PHONE_COUNTRIES } from "../phone-countries";
import { isoTime } from "./common";

export const appInfo = z.object({
  name: z.string(),
  version: z.string(),
  demoMode: z.boolean(),
  platformTimeZone: z.string(),
  currency: z.string(),
  serverTime: isoTime,
  /** Countries (ISO 3166-1 alpha-2) whose phones and nationals registration refuses, so the app can say so before sending. */
  restrictedCountries: z.array(z.enum(COUNTRY_CODES)),
  /** The deployer's DEFAULT_COUNTRY: registration's phone code and nationality start from it, else from the language. */
  defaultCountry: z.enum(PHONE_COUNTRIES).nullable(),
  /** Whether this address can use passkeys: HTTPS (PUBLIC_URL) or localhost; a plain-HTTP LAN address cannot. */
  passkeys: z.boolean(),
});
export type AppInfo = z.infer<typeof appInfo>;

export const healthResponse = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  time: isoTime,
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /api/v1/health/live`: the process answers; nothing else is checked. */
export const healthLiveResponse = z.object({ status: z.literal("ok") });
export type HealthLiveResponse = z.infer<typeof healthLiveResponse>;

/** A readiness check's name: the database answers, its migrations are this build's, the process is not draining. */
export const readinessCheck = z.enum(["database", "migrations", "draining"]);
export type ReadinessCheck = z.infer<typeof readinessCheck>;

/** `GET /api/v1/health/ready`: 200 when every check passes, 503 naming the ones that failed. */
export const healthReadyResponse = z.object({
  status: z.enum(["ready", "not_ready"]),
  failed: z.array(readinessCheck),
});
export type HealthReadyResponse = z.infer<typeof healthReadyResponse>;

/** Journeys only (CLOCK_CONTROL): moves the server's clock forward, at most a year at a time. */
export const clockAdvanceRequest = z.object({
  seconds: z
    .number()
    .int()
    .min(1)
    .max(366 * 24 * 3600),
});
export type ClockAdvanceRequest = z.infer<typeof clockAdvanceRequest>;
export const clockAdvanceResponse = z.object({ time: isoTime });
