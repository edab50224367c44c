import { OPERATOR_PERMISSIONS } from "@tickfair/contract";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandling } from "../platform/error-handler";
import { registerScope } from "../platform/scopes";
import { operatorAuth } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { operatorSignIn } from "./guard";
import { OPERATOR_ROUTES, permissionsOf, roleChangeGrants, rolePermissions } from "./permissions";

const t = useTestApp();

describe("the permission table", () => {
  it("refuses a route it does not list, to every role (fail closed)", async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    await app.register(
      (api) =>
        registerScope(api, operatorSignIn(t.app.tickfair), [
          async (plugin) => {
            plugin.get("/operator/unlisted", async () => ({ reached: true }));
            plugin.get("/operator/me", async () => ({ reached: true }));
          },
        ]),
      { prefix: "/api/v1" },
    );
    try {
      const admin = await operatorAuth(t, "admin");
      const unlisted = await app.inject({
        method: "GET",
        url: "/api/v1/operator/unlisted",
        headers: admin.headers,
      });
      expect(unlisted.statusCode).toBe(403);
      expect(unlisted.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");
      // HEAD is looked up as its GET route: listed routes answer, unlisted ones stay refused.
      const head = await app.inject({
        method: "HEAD",
        url: "/api/v1/operator/unlisted",
        headers: admin.headers,
      });
      expect(head.statusCode).toBe(403);
      const listed = await app.inject({ method: "GET", url: "/api/v1/operator/me", headers: admin.headers });
      expect(listed.json()).toEqual({ reached: true });
      const anonymous = await app.inject({ method: "GET", url: "/api/v1/operator/unlisted" });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it("gives admins every permission and each other role a part", () => {
    expect(permissionsOf("admin")).toEqual([...OPERATOR_PERMISSIONS]);
    expect(permissionsOf("support")).toEqual([
      "dashboard.view",
      "users.read",
      "userSessions.revoke",
      "userSignIn.lock",
      "userTotp.reset",
      "withdrawalAccounts.unbind",
      "inviteCodes.create",
      "markets.read",
      "savings.read",
      "solvency.read",
      "risk.read",
      "verifications.review",
      "chats.answer",
    ]);
    expect(permissionsOf("finance")).not.toContain("chats.answer");
    expect(permissionsOf("finance")).toEqual(expect.arrayContaining(["users.read", "userMoney.read"]));
    expect(permissionsOf("finance")).not.toContain("userSignIn.lock");
    expect(permissionsOf("finance")).toContain("deposits.review");
    expect(permissionsOf("finance")).not.toContain("operators.manage");
    expect(permissionsOf("finance")).toContain("savings.read");
    expect(permissionsOf("finance")).not.toContain("savings.manage");
    expect(permissionsOf("finance")).toContain("solvency.read");
    expect(permissionsOf("finance")).not.toContain("solvency.attest");
    expect(permissionsOf("finance")).toContain("risk.read");
    expect(rolePermissions().map((entry) => entry.role)).toEqual(["support", "finance", "admin"]);
  });

  it("uses every permission on some route", () => {
    const used = new Set(Object.values(OPERATOR_ROUTES));
    expect(OPERATOR_PERMISSIONS.filter((permission) => !used.has(permission))).toEqual([]);
  });

  it("tells a role change that grants a permission from one that only takes some away", () => {
    expect(roleChangeGrants("finance", "admin")).toBe(true);
    expect(roleChangeGrants("support", "finance")).toBe(true);
    expect(roleChangeGrants("admin", "finance")).toBe(false);
    expect(roleChangeGrants("admin", "support")).toBe(false);
  });

  it("answers the signed-in operator with the permissions of their role", async () => {
    const finance = await operatorAuth(t, "finance");
    const me = await t.app.inject({ method: "GET", url: "/api/v1/operator/me", headers: finance.headers });
    expect(me.json()).toEqual({
      id: expect.any(String),
      username: finance.username,
      role: "finance",
      permissions: permissionsOf("finance"),
    });
  });
});
