import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";

/**
 * Whether a scrape may read /metrics: from an allowed address (METRICS_ALLOW) or with the bearer
 * token (METRICS_TOKEN). The address is Fastify's request.ip: the socket's peer unless TRUST_PROXY
 * trusts the hop, then the client the proxy names, so a proxy on loopback does not open it to
 * everyone behind it (decision 0078).
 */
export function scrapeGuard(allow: readonly string[], token: string | undefined) {
  const list = new BlockList();
  for (const entry of allow) {
    const [address = "", bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  const expected = token === undefined ? null : Buffer.from(`Bearer ${token}`);
  return (ip: string, authorization: string | undefined): boolean => {
    if (expected !== null && authorization !== undefined) {
      const given = Buffer.from(authorization);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    // A dual-stack listener shows IPv4 peers as ::ffff:a.b.c.d.
    const plain = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    if (family === 0) return false;
    return list.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}
