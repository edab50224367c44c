import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  decryptIdNumber,
  encryptIdNumber,
  idNumberIndex,
  keyIdOf,
  loadIdNumberKeys,
  maskIdNumber,
  parseIdNumberKeys,
} from "./id-number-cipher";

const key = () => randomBytes(32).toString("base64");

describe("ID numbers at rest", () => {
  it("encrypt under the first key, differently each time, and decrypt back", () => {
    const keys = parseIdNumberKeys(`k1:${key()}`, key());
    const one = encryptIdNumber(keys, "11010519491231002x");
    const two = encryptIdNumber(keys, "11010519491231002X");
    expect(one).not.toBe(two);
    expect(keyIdOf(one)).toBe("k1");
    expect([decryptIdNumber(keys, one), decryptIdNumber(keys, two)]).toEqual([
      "11010519491231002X",
      "11010519491231002X",
    ]);
    // The keyed hash is the same for both: the unique index sees one number.
    expect(idNumberIndex(keys, "110105 19491231 002x")).toBe(idNumberIndex(keys, "11010519491231002X"));
  });

  it("rotate: a new first key encrypts, the old one still decrypts what it encrypted", () => {
    const old = key();
    const index = key();
    const before = parseIdNumberKeys(`k1:${old}`, index);
    const stored = encryptIdNumber(before, "AB123456");
    const after = parseIdNumberKeys(`k2:${key()},k1:${old}`, index);
    expect(decryptIdNumber(after, stored)).toBe("AB123456");
    expect(keyIdOf(encryptIdNumber(after, "AB123456"))).toBe("k2");
    expect(idNumberIndex(after, "AB123456")).toBe(idNumberIndex(before, "AB123456"));
    // Without the old key the old ciphertext cannot be read; a tampered one is refused.
    expect(() => decryptIdNumber(parseIdNumberKeys(`k2:${key()}`, index), stored)).toThrow();
    const [id, iv, tag, sealed = ""] = stored.split(":");
    const flipped = Buffer.from(sealed, "base64");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptIdNumber(before, [id, iv, tag, flipped.toString("base64")].join(":"))).toThrow();
  });

  it("refuse keys that are not 32 bytes, ids that are not ids, and one key without the other", () => {
    expect(() => parseIdNumberKeys(`k1:${randomBytes(16).toString("base64")}`, key())).toThrow(/32 bytes/);
    expect(() => parseIdNumberKeys(`k 1:${key()}`, key())).toThrow(/key id/);
    expect(() => loadIdNumberKeys({ ID_NUMBER_KEYS: `k1:${key()}`, DATA_DIR: "unused" })).toThrow(/together/);
  });

  it("are kept in a key file made once when none is configured", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-keys-"));
    const first = loadIdNumberKeys({ DATA_DIR: dir });
    const second = loadIdNumberKeys({ DATA_DIR: dir });
    expect(decryptIdNumber(second, encryptIdNumber(first, "X1234567"))).toBe("X1234567");
    expect(fs.statSync(path.join(dir, "secrets", "id-number-keys.json")).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("show masked: the first three and the last two characters", () => {
    expect(maskIdNumber("11010519491231002x")).toBe("110*************2X");
    expect(maskIdNumber("AB12345")).toBe("AB1**45");
    expect(maskIdNumber("A1234")).toBe("A***4");
  });
});
