import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { ensureInviteCode, newRegistration } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { createOperator } from "./service";

const t = useTestApp();
const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("operators", () => {
  it("sign in separately from users: a user token is no operator token and vice versa", async () => {
    const { headers: auth } = await operatorAuth(t, "support");
    expect((await get("/api/v1/operator/me", auth)).json()).toMatchObject({ role: "support" });
    expect((await get("/api/v1/me", auth)).statusCode).toBe(401);

    await ensureInviteCode(t);
    const registration = newRegistration();
    await t.app.inject({ method: "POST", url: "/api/v1/auth/register", payload: registration });
    const user = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { account: registration.account, password: registration.password },
    });
    const userAuth = { authorization: `Bearer ${user.json().token}` };
    expect((await get("/api/v1/operator/me", userAuth)).statusCode).toBe(401);
  });

  it("creates account-opening codes by role, each audited", async () => {
    const support = await operatorAuth(t, "support");
    const finance = await operatorAuth(t, "finance");
    const admin = await operatorAuth(t, "admin");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/invite-codes",
      payload: { maxUses: 2, note: "spring campaign" },
      headers: support.headers,
    });
    expect(created.statusCode).toBe(200);
    const code = created.json().code;
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/invite-codes",
      payload: {},
      headers: finance.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");

    const audit = await get("/api/v1/operator/audit?limit=50", admin.headers);
    expect(audit.statusCode).toBe(200);
    const entry = audit.json().items.find((item: { action: string }) => item.action === "invite_code.create");
    expect(entry).toMatchObject({
      operator: support.username,
      targetType: "invite_code",
      targetId: code,
      detail: { maxUses: 2, note: "spring campaign" },
    });
    expect((await get("/api/v1/operator/audit", support.headers)).statusCode).toBe(403);

    const registered = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newRegistration({ inviteCode: code }),
    });
    expect(registered.statusCode).toBe(201);
  });

  it("keeps the audit log append-only", async () => {
    await operatorAuth(t, "admin");
    await expect(sql`update audit_log set action = 'nothing'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it("pages through the audit log with a cursor", async () => {
    const admin = await operatorAuth(t, "admin");
    for (let i = 0; i < 3; i += 1) await operatorAuth(t, "support");
    const first = await get("/api/v1/operator/audit?limit=2", admin.headers);
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).not.toBeNull();
    const second = await get(`/api/v1/operator/audit?limit=2&cursor=${page1.nextCursor}`, admin.headers);
    const ids = [...page1.items, ...second.json().items].map((item: { id: string }) => BigInt(item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    const bad = await get("/api/v1/operator/audit?limit=0", admin.headers);
    expect(bad.statusCode).toBe(400);
  });

  it("locks an operator after repeated wrong passwords", async () => {
    const username = "locked_op";
    await createOperator(t.db, t.clock, { username, password: "operator-pass-1", role: "admin" });
    for (let i = 0; i < 10; i += 1) {
      await t.app.inject({
        method: "POST",
        url: "/api/v1/operator/auth/login",
        payload: { username, password: "wrong" },
      });
      t.clock.advance(20_000);
    }
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/auth/login",
      payload: { username, password: "operator-pass-1" },
    });
    expect(refused.statusCode).toBe(401);
  });
});
