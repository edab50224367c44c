import { matchLocale } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";

/** The language a request reads: deposit methods' names and instructions follow it. */
export const locale = (request: FastifyRequest) => matchLocale(request.headers["accept-language"]);
