import { describe, expect, it } from "vitest";
import { bankMethod, key, operatorAuth } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d2d1a30000000049454e44ae426082",
  "hex",
);

async function upload(auth: Record<string, string>, data: Buffer): Promise<string> {
  const boundary = "----tickfair";
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/files",
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="proof.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { ...auth, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
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
      const proof = await t.app.inject({
        method: "GET",
        url: `/api/v1/operator/deposits/${depositId}/proof`,
        headers: viewer.headers,
      });
      expect(proof.statusCode).toBe(200);
      expect(proof.headers["content-type"]).toBe("image/png");
      expect(proof.headers["cache-control"]).toBe("no-store");
      expect(proof.rawPayload.equals(PNG)).toBe(true);
    }
    const audit = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/audit?limit=50",
      headers: admin.headers,
    });
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
    const asSupport = await t.app.inject({
      method: "GET",
      url: `/api/v1/operator/deposits/${withProof}/proof`,
      headers: support.headers,
    });
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json().error.code).toBe("OPERATOR_ROLE_FORBIDDEN");
    const asOwner = await t.app.inject({
      method: "GET",
      url: `/api/v1/operator/deposits/${withProof}/proof`,
      headers: user.auth,
    });
    expect(asOwner.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/v1/operator/deposits/${withProof}/proof` })).statusCode,
    ).toBe(401);

    const finance = await operatorAuth(t, "finance");
    const without = await deposit(user.auth);
    for (const id of [without, "999999999"]) {
      const response = await t.app.inject({
        method: "GET",
        url: `/api/v1/operator/deposits/${id}/proof`,
        headers: finance.headers,
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe("NOT_FOUND");
    }
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/deposits/abc/proof",
      headers: finance.headers,
    });
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
