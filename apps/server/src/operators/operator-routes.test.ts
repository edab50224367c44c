import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { ensureInviteCode, newRegistration } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { createOperator } from "./service";

const t = useTestApp();

async function operatorSession(role: "support" | "finance" | "admin") {
  const username = `${role}_${Math.floor(Math.random() * 1e6)}`;
  await createOperator(t.db, t.clock, { username, password: "operator-pass-1", role });
  const login = await t.app.inject({
    method: "POST",
    url: "/api/v1/operator/auth/login",
    payload: { username, password: "operator-pass-1" },
  });
  expect(login.statusCode).toBe(200);
  return { username, auth: { authorization: `Bearer ${login.json().token}` } };
}

describe("operators", () => {
  it("sign in separately from users: a user token is no operator token and vice versa", async () => {
    const { auth } = await operatorSession("support");
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/operator/me", headers: auth })).json(),
    ).toMatchObject({ role: "support" });
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: auth })).statusCode).toBe(401);

    await ensureInviteCode(t);
    const registration = newRegistration();
    await t.app.inject({ method: "POST", url: "/api/v1/auth/register", payload: registration });
    const user = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/login",
      payload: { account: registration.account, password: registration.password },
    });
    const userAuth = { authorization: `Bearer ${user.json().token}` };
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/operator/me", headers: userAuth })).statusCode,
    ).toBe(401);
  });

  it("creates account-opening codes by role, each audited", async () => {
    const support = await operatorSession("support");
    const finance = await operatorSession("finance");
    const admin = await operatorSession("admin");
    const created = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/invite-codes",
      payload: { maxUses: 2, note: "spring campaign" },
      headers: support.auth,
    });
    expect(created.statusCode).toBe(200);
    const code = created.json().code;
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/invite-codes",
      payload: {},
      headers: finance.auth,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");

    const audit = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/audit?limit=50",
      headers: admin.auth,
    });
    expect(audit.statusCode).toBe(200);
    const entry = audit.json().items.find((item: { action: string }) => item.action === "invite_code.create");
    expect(entry).toMatchObject({
      operator: support.username,
      targetType: "invite_code",
      targetId: code,
      detail: { maxUses: 2, note: "spring campaign" },
    });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/v1/operator/audit", headers: support.auth }))
        .statusCode,
    ).toBe(403);

    const registered = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: newRegistration({ inviteCode: code }),
    });
    expect(registered.statusCode).toBe(201);
  });

  it("keeps the audit log append-only", async () => {
    await operatorSession("admin");
    await expect(sql`update audit_log set action = 'nothing'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it("pages through the audit log with a cursor", async () => {
    const admin = await operatorSession("admin");
    for (let i = 0; i < 3; i += 1) await operatorSession("support");
    const first = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/audit?limit=2",
      headers: admin.auth,
    });
    const page1 = first.json();
    expect(page1.items).toHaveLength(2);
    expect(page1.nextCursor).not.toBeNull();
    const second = await t.app.inject({
      method: "GET",
      url: `/api/v1/operator/audit?limit=2&cursor=${page1.nextCursor}`,
      headers: admin.auth,
    });
    const ids = [...page1.items, ...second.json().items].map((item: { id: string }) => BigInt(item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/audit?limit=0",
      headers: admin.auth,
    });
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
