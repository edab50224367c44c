import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/harness";
import { loadConfig } from "./config";

const LIMIT = 3;

/** Sign-in attempts from one socket, each claiming another client address. */
async function spoofedSignIns(t: ReturnType<typeof useTestApp>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i += 1) {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { account: "nobody_here", password: "wrong-password1" },
      headers: { "x-forwarded-for": `203.0.113.${i + 1}` },
      remoteAddress: "127.0.0.1",
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

describe("without TRUST_PROXY (the default)", () => {
  const t = useTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT });
  it("ignores X-Forwarded-For: a client cannot choose its own rate-limit identity", async () => {
    const statuses = await spoofedSignIns(t);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });
});

describe("with TRUST_PROXY naming the proxy", () => {
  const t = useTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: LIMIT, TRUST_PROXY: ["127.0.0.1"] });
  it("takes the client's address from the proxy's header", async () => {
    expect(await spoofedSignIns(t)).toEqual(Array(LIMIT + 2).fill(401));
  });
});

describe("the TRUST_PROXY setting", () => {
  it("is none by default, a hop count, or proxy addresses and ranges", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "none" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1" }).TRUST_PROXY).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
    ]);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "proxy.local" })).toThrow(/TRUST_PROXY/);
  });
});
