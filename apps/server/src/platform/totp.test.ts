import { generateSync } from "otplib";
import { describe, expect, it } from "vitest";
import {
  acceptedTotpStep,
  assertTotpSecret,
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
} from "./totp";

const at = (seconds: number) => new Date(seconds * 1000);
const codeAt = (secret: string, seconds: number) => generateSync({ secret, epoch: seconds });

describe("TOTP codes", () => {
  const secret = newTotpSecret();
  const now = 1_800_000_015;
  const step = BigInt(Math.floor(now / 30));

  it("takes the current step's code and one step either side, no further", () => {
    expect(acceptedTotpStep(secret, codeAt(secret, now), at(now), null)).toBe(step);
    expect(acceptedTotpStep(secret, codeAt(secret, now - 30), at(now), null)).toBe(step - 1n);
    expect(acceptedTotpStep(secret, codeAt(secret, now + 30), at(now), null)).toBe(step + 1n);
    expect(acceptedTotpStep(secret, codeAt(secret, now + 90), at(now), null)).toBeNull();
    expect(acceptedTotpStep(newTotpSecret(), codeAt(secret, now), at(now), null)).toBeNull();
  });

  it("refuses a code at or before the last step accepted", () => {
    expect(acceptedTotpStep(secret, codeAt(secret, now), at(now), step)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, now - 30), at(now), step - 1n)).toBeNull();
    expect(acceptedTotpStep(secret, codeAt(secret, now + 30), at(now), step)).toBe(step + 1n);
  });

  it("knows a secret an authenticator takes from one it does not", () => {
    expect(() => assertTotpSecret(secret)).not.toThrow();
    expect(() => assertTotpSecret("not base32!")).toThrow();
  });
});

describe("recovery codes", () => {
  it("are ten distinct readable codes whose hash ignores case, dashes and spaces", () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [first = ""] = codes;
    expect(first).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(hashes[0]).toBe(hashRecoveryCode(first.toLowerCase().replaceAll("-", " ")));
    expect(hashes[0]).not.toBe(hashRecoveryCode(codes[1] ?? ""));
  });
});
