import { z } from "zod";

/** A symbol in a path: "BTC%2FUSDT", "BTC-USDT" or "btcusdt". */
export const symbolParams = z.object({ symbol: z.string().max(64) });
