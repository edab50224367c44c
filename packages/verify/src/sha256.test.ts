import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromHex, sha256, sha256Hex, toHex } from "./sha256";

const nodeSha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("sha256", () => {
  it("matches the FIPS 180-4 examples", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("agrees with Node's at every length around the block and padding edges", () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(toHex(sha256(bytes)), `length ${length}`).toBe(nodeSha256(bytes));
    }
  });

  it("agrees with Node's on any bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => toHex(sha256(bytes)) === nodeSha256(bytes)),
      { numRuns: 300 },
    );
  });

  it("hashes text as UTF-8", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(sha256Hex(text)).toBe(createHash("sha256").update(text, "utf8").digest("hex"));
      }),
      { numRuns: 200 },
    );
  });
});

describe("hex", () => {
  it("round-trips bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array(), (bytes) => {
        expect(fromHex(toHex(bytes))).toEqual(bytes);
      }),
    );
  });

  it("refuses what is not lowercase hex of whole bytes", () => {
    for (const text of ["a", "0g", "AB", " 00", "00 "]) expect(fromHex(text), text).toBeNull();
  });
});
