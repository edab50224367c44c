import { z } from "zod";
import { boundedMoneyString, moneyString } from "../money-schema";

/** Demo mode only: credits virtual money at once from the platform's demo_grants account. */
export const DEMO_TOP_UP_MAX = "999999.00";
export const demoTopUpRequest = z.object({ amount: boundedMoneyString(DEMO_TOP_UP_MAX) });
export type DemoTopUpRequest = z.infer<typeof demoTopUpRequest>;

export const demoTopUpResponse = z.object({ postingId: z.string(), available: moneyString });
export type DemoTopUpResponse = z.infer<typeof demoTopUpResponse>;
