import { matchLocale } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import { z } from "zod";

/** A symbol in a path: "BTC%2FUSDT", "BTC-USDT" or "btcusdt". */
export const symbolParams = z.object({ symbol: z.string().max(64) });

/** The language a request reads: product names and messages follow it. */
export const locale = (request: FastifyRequest) => matchLocale(request.headers["accept-language"]);
