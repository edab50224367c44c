import { z } from "zod";
import { moneyString, positiveMoneyString } from "../money";

/** Demo mode only: credits virtual money at once from the platform's demo_grants account. */
export const demoTopUpRequest = z.object({ amount: positiveMoneyString });
export type DemoTopUpRequest = z.infer<typeof demoTopUpRequest>;

export const demoTopUpResponse = z.object({ postingId: z.string(), available: moneyString });
export type DemoTopUpResponse = z.infer<typeof demoTopUpResponse>;
