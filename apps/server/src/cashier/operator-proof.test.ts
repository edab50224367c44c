import { describe, expect, it } from "vitest";
import { bankMethod, key, operatorAuth } from "../test/cashier-fixtures";
import { PNG, uploadFile } from "../test/files";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();
const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

async function upload(auth: Record<string, string>, data: Buffer): Promise<string> {
  const response = await uploadFile(t.app, auth, data);
  expect(response.statusCode).toBe(201);
  return response.json().fileId;
}

async function deposit(auth: Record<string, string>, proofFileId?: string): Promise<string> {
  const method = await bankMethod(t);
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/cashier/deposits",
    payload: {
      methodId: method.id,
      amount: "20.00",
      reference: "proof",
      ...(proofFileId ? { proofFileId } : {}),
    },
    headers: { ...auth, "idempotency-key": key() },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

describe("GET /operator/deposits/:id/proof", () => {
  it("shows finance and admin the stored image, uncached, and audits each view", async () => {
    const user = await registerAndLogin(t);
    const depositId = await deposit(user.auth, await upload(user.auth, PNG));
    const finance = await operatorAuth(t, "finance");
    const admin = await operatorAuth(t, "admin");
    for (const viewer of [finance, admin, finance]) {
      const proof = await get(`/api/v1/operator/deposits/${depositId}/proof`, viewer.headers);
      expect(proof.statusCode).toBe(200);
      expect(proof.headers["content-type"]).toBe("image/png");
      expect(proof.headers["cache-control"]).toBe("no-store");
      expect(proof.rawPayload.equals(PNG)).toBe(true);
    }
    const audit = await get("/api/v1/operator/audit?limit=50", admin.headers);
    const views = audit
      .json()
      .items.filter(
        (item: { action: string; targetId: string }) =>
          item.action === "deposit.proof_view" && item.targetId === depositId,
      );
    expect(views.map((view: { operator: string }) => view.operator)).toEqual([
      finance.username,
      admin.username,
      finance.username,
    ]);
    expect(views[0]).toMatchObject({ targetType: "deposit", detail: { fileId: expect.any(String) } });
  });

  it("refuses support (403) and users (401), and answers 404 for a deposit without a proof or none at all", async () => {
    const user = await registerAndLogin(t);
    const withProof = await deposit(user.auth, await upload(user.auth, PNG));
    const support = await operatorAuth(t, "support");
    const asSupport = await get(`/api/v1/operator/deposits/${withProof}/proof`, support.headers);
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");
    const asOwner = await get(`/api/v1/operator/deposits/${withProof}/proof`, user.auth);
    expect(asOwner.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v1/operator/deposits/${withProof}/proof` })).statusCode,
    ).toBe(401);

    const finance = await operatorAuth(t, "finance");
    const without = await deposit(user.auth);
    for (const id of [without, "999999999"]) {
      const response = await get(`/api/v1/operator/deposits/${id}/proof`, finance.headers);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
    const bad = await get("/api/v1/operator/deposits/abc/proof", finance.headers);
    expect(bad.statusCode).toBe(400);
    const views = await t.db
      .selectFrom("audit_log")
      .select("target_id")
      .where("action", "=", "deposit.proof_view")
      .where("target_id", "in", [withProof, without])
      .execute();
    expect(views).toEqual([]);
  });
});
