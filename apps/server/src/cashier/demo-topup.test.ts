import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { postWithKey } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();

const topUp = (auth: Record<string, string>, amount: unknown, key: string | null = null, app = t.app) =>
  postWithKey(app, "/api/v1/cashier/demo-topup", auth, { amount }, key);

describe("demo top-up", () => {
  it("credits virtual money through the ledger", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const response = await topUp(auth, "250.75", "first-top-up");
    expect(response.statusCode).toBe(200);
    expect(response.json().available).toBe("250.75");
    expect((await userBalances(t.db, userId)).cash).toBe(25_075n);
    const me = await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth });
    expect(me.json().summary).toMatchObject({ available: "250.75", totalAssets: "250.75" });
  });

  it("posts once when the same key is sent 20 times at once, and replays the first answer", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => topUp(auth, "10.00", "same-key-20")),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const postingIds = new Set(responses.map((r) => r.json().postingId));
    expect(postingIds.size).toBe(1);
    expect(responses.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(19);
    expect((await userBalances(t.db, userId)).cash).toBe(1_000n);
  });

  it("refuses the same key with a different request, and a missing key, moving nothing", async () => {
    const { auth, userId } = await registerAndLogin(t);
    expect((await topUp(auth, "5.00", "key-a")).statusCode).toBe(200);
    const reused = await topUp(auth, "6.00", "key-a");
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const missing = await topUp(auth, "6.00");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe("IDEMPOTENCY_KEY_REQUIRED");
    expect((await userBalances(t.db, userId)).cash).toBe(500n);
  });

  it("keeps keys per user", async () => {
    const a = await registerAndLogin(t);
    const b = await registerAndLogin(t);
    expect((await topUp(a.auth, "1.00", "shared-key")).statusCode).toBe(200);
    expect((await topUp(b.auth, "2.00", "shared-key")).statusCode).toBe(200);
    expect((await userBalances(t.db, b.userId)).cash).toBe(200n);
  });

  it("answers every bad amount with AMOUNT_INVALID and moves nothing", async () => {
    const { auth, userId } = await registerAndLogin(t);
    for (const amount of [
      "0",
      "0.00",
      "-5",
      "1.234",
      "abc",
      "",
      " 1",
      "1e3",
      12,
      null,
      "10000000000000000000",
      "1000000.00",
    ]) {
      const response = await topUp(auth, amount, `bad-${String(amount)}`);
      expect(response.statusCode, `amount ${String(amount)}`).toBe(400);
      expect(response.json().error.code).toBe("AMOUNT_INVALID");
    }
    expect((await userBalances(t.db, userId)).cash).toBe(0n);
  });

  it("needs a session", async () => {
    expect((await topUp({}, "1.00", "k")).statusCode).toBe(401);
  });
});

describe("demo top-up outside demo mode", () => {
  const real = useTestApp({ DEMO_MODE: false });
  it("does not exist for real-money setups", async () => {
    const { auth } = await registerAndLogin(real);
    const response = await topUp(auth, "1.00", "k1", real.app);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("DEMO_MODE_ONLY");
  });
});
