/**
 * Where browsers allow passkeys (WebAuthn): over HTTPS, and over plain HTTP only on localhost. The
 * server names a relying party only for such an address; the app reads the same rule from its own
 * address, so a phone on a plain-HTTP LAN address is told at once, with the form, not once the
 * server has answered.
 */

export function isLocalhost(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost");
}

export function passkeysAllowedAt(address: { protocol: string; hostname: string }): boolean {
  return address.protocol === "https:" || (address.protocol === "http:" && isLocalhost(address.hostname));
}
