import { createHash } from "node:crypto";
import { generateSecret, generateURI, verifySync } from "otplib";
import { newReadableCode } from "../platform/tokens";

/**
 * The second factor of operators and of users who turn it on: RFC 6238 codes (SHA-1, six digits,
 * 30 s), what every authenticator app reads from an `otpauth://` QR code, and single-use recovery
 * codes for a lost phone. One copy for both, so the two sign-ins cannot drift apart.
 */

export const TOTP_ISSUER = "Tickfair";
const PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off, or a code typed just as it rolled over. */
const TOLERANCE_SECONDS = PERIOD_SECONDS;

/** A new base32 secret of 20 random bytes (160 bits, the RFC's recommendation for SHA-1). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(account: string, secret: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret });
}

/**
 * The time step of `code` when it is right for `secret` at `now` and newer than `afterStep` (the last
 * code accepted), else null: a code, once taken, is refused for the rest of its window.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: bigint | null,
): bigint | null {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: Number(afterStep) }),
  });
  return result.valid && "timeStep" in result ? BigInt(result.timeStep) : null;
}

/** Throws when `secret` is not a base32 secret an authenticator (and otplib) takes. */
export function assertTotpSecret(secret: string): void {
  acceptedTotpStep(secret, "000000", new Date(0), null);
}

export const RECOVERY_CODE_COUNT = 10;

/** Letters and digits only, upper case: what was typed, with dashes and spaces dropped. */
function normaliseRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, "");
}

export function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/**
 * Ten codes of 16 characters from a 32-letter alphabet (80 bits each, so a fast hash is enough to keep
 * them: nobody can search that space), shown once as `XXXX-XXXX-XXXX-XXXX`.
 */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    (newReadableCode(16).match(/.{4}/g) ?? []).join("-"),
  );
  return { codes, hashes: codes.map(hashRecoveryCode) };
}
