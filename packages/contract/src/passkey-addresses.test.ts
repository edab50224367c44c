import { describe, expect, it } from "vitest";
import { passkeysAllowedAt } from "./passkey-addresses";

describe("addresses where browsers allow passkeys", () => {
  it("are HTTPS ones, and plain HTTP only on localhost", () => {
    const allowed = (address: string) => passkeysAllowedAt(new URL(address));
    expect(allowed("https://trade.example.com/h5/")).toBe(true);
    expect(allowed("https://192.168.1.20:8443/h5/")).toBe(true);
    expect(allowed("http://localhost:8080/h5/")).toBe(true);
    expect(allowed("http://app.localhost/h5/")).toBe(true);
    expect(allowed("http://127.0.0.1:8080/h5/")).toBe(false);
    expect(allowed("http://192.168.1.20:8080/h5/")).toBe(false);
    expect(allowed("http://localhost.example.com/h5/")).toBe(false);
    expect(allowed("ftp://localhost/")).toBe(false);
  });
});
