import { type Locale, matchLocale } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";

/** The language a request reads (Accept-Language): error messages, names and files follow it. */
export const requestLocale = (request: FastifyRequest): Locale =>
  matchLocale(request.headers["accept-language"]);
