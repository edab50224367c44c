import { describe, expect, it } from "vitest";
import { operatorAuth } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { signInOperatorThroughApi } from "../test/operator-fixtures";
import { permissionsOf } from "./permissions";

const t = useTestApp();
const API = "/api/v1/operator";
const REASON = "Left the finance team";

function send(
  method: "GET" | "POST" | "PATCH",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({ method, url: `${API}${url}`, headers, ...(payload ? { payload } : {}) });
}

let created = 0;
async function createThroughApi(admin: Record<string, string>, role: "support" | "finance" | "admin") {
  const username = `made_${role}_${++created}`;
  const answer = await send("POST", "/operators", admin, { username, role });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{
    operator: { id: string; username: string; role: string; totpEnrolledAt: string | null };
    password: string;
    roleChange: { id: string; status: string } | null;
  }>();
}

const login = (username: string, password: string) =>
  t.app.inject({ method: "POST", url: `${API}/auth/login`, payload: { username, password } });

describe("operators and roles (admin)", () => {
  it("creates an operator who enrols an authenticator at the first sign-in", async () => {
    const admin = await operatorAuth(t, "admin");
    const made = await createThroughApi(admin.headers, "finance");
    expect(made.operator).toMatchObject({ role: "finance", totpEnrolledAt: null });
    expect(made.password.length).toBeGreaterThanOrEqual(16);
    expect(made.roleChange).toBeNull();
    const first = await login(made.operator.username, made.password);
    expect(first.json()).toMatchObject({ step: "enrol", secret: expect.any(String) });

    const list = await send("GET", "/operators?limit=100", admin.headers);
    expect(list.json().items.map((item: { username: string }) => item.username)).toContain(
      made.operator.username,
    );
    const again = await send("POST", "/operators", admin.headers, {
      username: made.operator.username,
      role: "support",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("OPERATOR_USERNAME_TAKEN");
    const bad = await send("POST", "/operators", admin.headers, { username: "no spaces", role: "support" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("OPERATOR_USERNAME_INVALID");
  });

  it("makes an admin only with a second admin's approval", async () => {
    const admin = await operatorAuth(t, "admin");
    const second = await operatorAuth(t, "admin");
    const made = await createThroughApi(admin.headers, "admin");
    expect(made.operator.role).toBe("support");
    expect(made.roleChange).toMatchObject({ status: "pending" });
    const changeId = made.roleChange?.id ?? "";

    const own = await send("POST", `/operators/role-changes/${changeId}/approve`, admin.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe("CHANGE_NEEDS_ANOTHER_ADMIN");
    const approved = await send("POST", `/operators/role-changes/${changeId}/approve`, second.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", decidedBy: second.username });
    const listed = await send("GET", "/operators?limit=100", admin.headers);
    const row = listed.json().items.find((item: { id: string }) => item.id === made.operator.id);
    expect(row.role).toBe("admin");
  });

  it("applies at once a change that only takes permissions away, and proposes one that grants", async () => {
    const admin = await operatorAuth(t, "admin");
    const second = await operatorAuth(t, "admin");
    const target = await operatorAuth(t, "admin");
    const targetId = (await send("GET", "/me", target.headers)).json().id;

    const demoted = await send("PATCH", `/operators/${targetId}`, admin.headers, { role: "finance" });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json()).toMatchObject({ role: "finance" });
    // The target's session holds the new role at its next request.
    expect((await send("GET", "/me", target.headers)).json().permissions).toEqual(permissionsOf("finance"));
    expect((await send("GET", "/audit", target.headers)).statusCode).toBe(403);

    const proposed = await send("PATCH", `/operators/${targetId}`, admin.headers, { role: "support" });
    expect(proposed.statusCode).toBe(202);
    expect(proposed.json()).toMatchObject({ subject: "operator_role", status: "pending", weakens: ["role"] });
    const rejected = await send(
      "POST",
      `/operators/role-changes/${proposed.json().id}/reject`,
      second.headers,
      {
        reason: "Not agreed with the team lead",
      },
    );
    expect(rejected.json()).toMatchObject({ status: "rejected" });
    expect((await send("GET", "/me", target.headers)).json().role).toBe("finance");

    const self = await send(
      "PATCH",
      `/operators/${(await send("GET", "/me", admin.headers)).json().id}`,
      admin.headers,
      {
        role: "support",
      },
    );
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe("OPERATOR_SELF_CHANGE");
    const missing = await send("PATCH", "/operators/999999", admin.headers, { role: "support" });
    expect(missing.statusCode).toBe(404);
  });

  it("disables an operator (sessions end, no sign-in) and enables them again, with reasons", async () => {
    const admin = await operatorAuth(t, "admin");
    const target = await operatorAuth(t, "finance");
    const id = (await send("GET", "/me", target.headers)).json().id;

    const noReason = await send("POST", `/operators/${id}/disable`, admin.headers, {});
    expect(noReason.statusCode).toBe(400);
    const disabled = await send("POST", `/operators/${id}/disable`, admin.headers, { reason: REASON });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().disabledAt).toEqual(t.clock.now().toISOString());
    expect((await send("GET", "/me", target.headers)).statusCode).toBe(401);
    const refused = await login(target.username, target.credentials.password);
    expect(refused.json().error.code).toBe("OPERATOR_DISABLED");

    const enabled = await send("POST", `/operators/${id}/enable`, admin.headers, {
      reason: "Back from leave",
    });
    expect(enabled.json().disabledAt).toBeNull();
    expect((await send("GET", "/me", await signInOperatorThroughApi(t, target.credentials))).statusCode).toBe(
      200,
    );

    const audit = await send("GET", "/audit?limit=20", admin.headers);
    const entry = audit.json().items.find((item: { action: string }) => item.action === "operator.disable");
    expect(entry).toMatchObject({ targetId: id, reason: REASON, detail: { sessions: 1 } });
  });

  it("resets an operator's authenticator: sessions end and the next sign-in enrols again", async () => {
    const admin = await operatorAuth(t, "admin");
    const target = await operatorAuth(t, "support");
    const id = (await send("GET", "/me", target.headers)).json().id;
    const reset = await send("POST", `/operators/${id}/reset-totp`, admin.headers, {
      reason: "Lost their phone",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().totpEnrolledAt).toBeNull();
    expect((await send("GET", "/me", target.headers)).statusCode).toBe(401);
    const next = await login(target.username, target.credentials.password);
    expect(next.json().step).toBe("enrol");
    const codes = await t.db
      .selectFrom("operator_recovery_codes")
      .selectAll()
      .where("operator_id", "=", BigInt(id))
      .execute();
    expect(codes).toEqual([]);
  });

  it("lists each role with its permissions", async () => {
    const admin = await operatorAuth(t, "admin");
    const roles = await send("GET", "/roles", admin.headers);
    expect(roles.json().items).toEqual([
      { role: "support", permissions: permissionsOf("support") },
      { role: "finance", permissions: permissionsOf("finance") },
      { role: "admin", permissions: permissionsOf("admin") },
    ]);
    const finance = await operatorAuth(t, "finance");
    expect((await send("GET", "/roles", finance.headers)).statusCode).toBe(403);
  });
});
