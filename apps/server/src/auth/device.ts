import Bowser from "bowser";
import type { FastifyRequest } from "fastify";
import type { SessionClient } from "./sessions";

/**
 * What a person would call the device a request came from ("Chrome · Android"), from its User-Agent:
 * the browser and the system, without versions, so an update is not a new device. Null when the
 * request did not say or nothing is recognised.
 */
export function deviceOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  // An unrecognised part is named "" (not undefined): it must not become a device called "".
  const browser = parsed.browser.name || null;
  const system = parsed.os.name || null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system;
}

/** Where a sign-in request came from, as its session records it. */
export function sessionClient(request: FastifyRequest): SessionClient {
  return { device: deviceOf(request.headers["user-agent"]), address: request.ip };
}
