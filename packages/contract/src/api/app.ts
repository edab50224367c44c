import { z } from "zod";
import { isoTime } from "./common";

export const appInfo = z.object({
  name: z.string(),
  version: z.string(),
  demoMode: z.boolean(),
  platformTimeZone: z.string(),
  currency: z.string(),
  serverTime: isoTime,
});
export type AppInfo = z.infer<typeof appInfo>;

export const healthResponse = z.object({
  status: z.literal("ok"),
  database: z.literal("ok"),
  time: isoTime,
});
export type HealthResponse = z.infer<typeof healthResponse>;
