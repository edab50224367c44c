import { isLocalhost, passkeysAllowedAt } from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "./errors";

/**
 * The WebAuthn relying party a request speaks to: the origin browsers sign into their answers and the
 * RP ID (a host name) a passkey is made for. Both come from PUBLIC_URL; without it, only a request to
 * localhost gets one (its own origin), because browsers refuse WebAuthn on a plain-HTTP address other
 * than localhost and a guessed origin from a Host header must never be trusted for a public server.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

const RP_NAME = "Tickfair";

export function relyingParty(publicUrl: string | undefined, request: FastifyRequest): RelyingParty | null {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return passkeysAllowedAt(url) ? { id: url.hostname, origin: url.origin, name: RP_NAME } : null;
  }
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return null;
  }
  return url.protocol === "http:" && isLocalhost(url.hostname)
    ? { id: url.hostname, origin: url.origin, name: RP_NAME }
    : null;
}

export function requireRelyingParty(publicUrl: string | undefined, request: FastifyRequest): RelyingParty {
  const rp = relyingParty(publicUrl, request);
  if (!rp) throw new AppError("PASSKEYS_UNAVAILABLE");
  return rp;
}
