/**
 * The push services a browser's subscription may name. The server POSTs to a subscription's endpoint,
 * so an endpoint anywhere would let any user make the server call an address of their choosing (an
 * internal service, a cloud's metadata address). Only the browsers' own push services are taken.
 */

/** One allowed origin: a scheme, a host (or every subdomain of one), and a port (or any). */
export interface PushServicePattern {
  scheme: "https:" | "http:";
  host: string;
  subdomains: boolean;
  /** Null: any port. */
  port: string | null;
}

/** The push services of Chrome, Edge, Firefox and Safari (Chromium's forks use Google's). */
export const BROWSER_PUSH_SERVICES =
  "https://fcm.googleapis.com,https://android.googleapis.com,https://updates.push.services.mozilla.com," +
  "https://web.push.apple.com,https://*.notify.windows.com";

const PATTERN = /^(https?:)\/\/(\*\.)?([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}|\*))?$/;

/** Parses a comma-separated list of origins, `*.` for every subdomain, `:*` for any port. */
export function parsePushServices(list: string): { patterns: PushServicePattern[]; bad: string[] } {
  const patterns: PushServicePattern[] = [];
  const bad: string[] = [];
  for (const entry of list.split(",").map((item) => item.trim().toLowerCase())) {
    if (!entry) continue;
    const match = PATTERN.exec(entry);
    if (!match) {
      bad.push(entry);
      continue;
    }
    const [, scheme, star, host = "", port] = match;
    patterns.push({
      scheme: scheme as PushServicePattern["scheme"],
      host,
      subdomains: star !== undefined,
      port: port === "*" ? null : (port ?? ""),
    });
  }
  return { patterns, bad };
}

/** Whether the endpoint is at one of the allowed push services; never for what URL() cannot parse. */
export function isPushServiceEndpoint(patterns: readonly PushServicePattern[], endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // Credentials in an endpoint are never a browser's; refusing them keeps "host" unambiguous.
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return patterns.some(
    (pattern) =>
      url.protocol === pattern.scheme &&
      (pattern.subdomains ? host.endsWith(`.${pattern.host}`) : host === pattern.host) &&
      (pattern.port === null || url.port === pattern.port),
  );
}
