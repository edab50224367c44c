import { describe, expect, it } from "vitest";
import { userBalances } from "../ledger/service";
import { bankMethod, key, operatorAuth, postWithKey } from "../test/cashier-fixtures";
import { PNG, uploadFile } from "../test/files";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";

const t = useTestApp();

const requestDeposit = (auth: Record<string, string>, body: object, idempotencyKey = key()) =>
  postWithKey(t.app, "/api/v1/cashier/deposits", auth, body, idempotencyKey);

/** A review of a deposit on the operator route, as whoever `headers` signs in. */
const review = (
  headers: Record<string, string>,
  id: string,
  action: "confirm" | "reject",
  payload?: object,
) => t.app.inject({ method: "POST", url: `/api/v1/operator/deposits/${id}/${action}`, headers, payload });

describe("deposits", () => {
  it("moves nothing on request and credits cash when an operator confirms", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t);
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/v1/cashier/deposit-methods",
      headers: auth,
    });
    expect(listed.json().items.map((m: { id: string }) => m.id)).toContain(method.id);

    const created = await requestDeposit(auth, {
      methodId: method.id,
      amount: "250.50",
      reference: "TX-778",
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: "under_review",
      amount: "250.50",
      orderNo: expect.stringMatching(/^D\d{10}$/),
    });
    expect((await userBalances(t.db, userId)).cash).toBe(0n);

    const finance = await operatorAuth(t);
    const confirmed = await review(finance.headers, created.json().id, "confirm");
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe("success");
    expect((await userBalances(t.db, userId)).cash).toBe(25_050n);

    const twice = await review(finance.headers, created.json().id, "confirm");
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("ALREADY_REVIEWED");
    const rejectAfter = await review(finance.headers, created.json().id, "reject", { reason: "late" });
    expect(rejectAfter.statusCode).toBe(409);
    expect((await userBalances(t.db, userId)).cash).toBe(25_050n);

    const mine = await t.app.inject({ method: "GET", url: "/api/v1/cashier/deposits", headers: auth });
    expect(mine.json().items[0]).toMatchObject({ status: "success", reviewedAt: expect.any(String) });
  });

  it("rejects with a reason and credits nothing", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t);
    const created = await requestDeposit(auth, { methodId: method.id, amount: "99.00", reference: "wrong" });
    const finance = await operatorAuth(t);
    const noReason = await review(finance.headers, created.json().id, "reject", { reason: "" });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.code).toBe("REASON_REQUIRED");
    const rejected = await review(finance.headers, created.json().id, "reject", {
      reason: "No transfer received",
    });
    expect(rejected.json()).toMatchObject({ status: "failed", reason: "No transfer received" });
    expect((await userBalances(t.db, userId)).cash).toBe(0n);
    const confirmAfter = await review(finance.headers, created.json().id, "confirm");
    expect(confirmAfter.statusCode).toBe(409);
  });

  it("needs a second, different operator above the configured amount", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t);
    const created = await requestDeposit(auth, { methodId: method.id, amount: "20000.00", reference: "big" });
    const first = await operatorAuth(t);
    const second = await operatorAuth(t, "admin");
    const url = `/api/v1/operator/deposits/${created.json().id}/confirm`;
    const one = await t.app.inject({ method: "POST", url, headers: first.headers });
    expect(one.statusCode).toBe(202);
    expect(one.json()).toMatchObject({ status: "under_review", approvals: [{ operator: first.username }] });
    expect((await userBalances(t.db, userId)).cash).toBe(0n);
    const same = await t.app.inject({ method: "POST", url, headers: first.headers });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe("SECOND_APPROVER_REQUIRED");
    const two = await t.app.inject({ method: "POST", url, headers: second.headers });
    expect(two.statusCode).toBe(200);
    expect((await userBalances(t.db, userId)).cash).toBe(2_000_000n);
  });

  it("credits once when two operators confirm at the same moment", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t);
    const created = await requestDeposit(auth, { methodId: method.id, amount: "100.00", reference: "race" });
    const a = await operatorAuth(t);
    const b = await operatorAuth(t);
    const url = `/api/v1/operator/deposits/${created.json().id}/confirm`;
    const results = await Promise.all(
      [a, b, a, b].map((op) => t.app.inject({ method: "POST", url, headers: op.headers })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await userBalances(t.db, userId)).cash).toBe(10_000n);
  });

  it("answers bad input with a code and records nothing", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t, { minAmount: "10.00", maxAmount: "1000.00" });
    const off = await bankMethod(t, { active: false });
    const cases: [object, string][] = [
      [{ methodId: method.id, amount: "5.00", reference: "r" }, "AMOUNT_BELOW_MINIMUM"],
      [{ methodId: method.id, amount: "1000.01", reference: "r" }, "AMOUNT_ABOVE_MAXIMUM"],
      [{ methodId: method.id, amount: "0", reference: "r" }, "AMOUNT_INVALID"],
      [{ methodId: method.id, amount: "12.345", reference: "r" }, "AMOUNT_INVALID"],
      [{ methodId: method.id, amount: "-20", reference: "r" }, "AMOUNT_INVALID"],
      [{ methodId: method.id, amount: "20.00", reference: "" }, "REFERENCE_REQUIRED"],
      [{ methodId: off.id, amount: "20.00", reference: "r" }, "DEPOSIT_METHOD_UNAVAILABLE"],
      [{ methodId: "999999", amount: "20.00", reference: "r" }, "DEPOSIT_METHOD_UNAVAILABLE"],
      [
        {
          methodId: method.id,
          amount: "20.00",
          reference: "r",
          proofFileId: "00000000-0000-4000-8000-000000000000",
        },
        "FILE_INVALID",
      ],
    ];
    for (const [body, code] of cases) {
      const response = await requestDeposit(auth, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code, JSON.stringify(body)).toBe(code);
    }
    const rows = await t.db.selectFrom("deposits").select("id").where("user_id", "=", userId).execute();
    expect(rows).toEqual([]);
  });

  it("keeps a private proof image that only its owner can read", async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const upload = await uploadFile(t.app, owner.auth, PNG);
    expect(upload.statusCode).toBe(201);
    expect(upload.json()).toMatchObject({ contentType: "image/png", size: PNG.length });

    const fake = await uploadFile(t.app, owner.auth, Buffer.from("<script>alert(1)</script>"), "x.png");
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.code).toBe("FILE_INVALID");

    const method = await bankMethod(t);
    const theft = await requestDeposit(other.auth, {
      methodId: method.id,
      amount: "20.00",
      reference: "r",
      proofFileId: upload.json().fileId,
    });
    expect(theft.json().error.code).toBe("FILE_INVALID");
    const created = await requestDeposit(owner.auth, {
      methodId: method.id,
      amount: "20.00",
      reference: "r",
      proofFileId: upload.json().fileId,
    });
    expect(created.json().hasProof).toBe(true);
    const proof = await t.app.inject({
      method: "GET",
      url: `/api/v1/cashier/deposits/${created.json().id}/proof`,
      headers: owner.auth,
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers["content-type"]).toBe("image/png");
    expect(proof.rawPayload.equals(PNG)).toBe(true);
    const peek = await t.app.inject({
      method: "GET",
      url: `/api/v1/cashier/deposits/${created.json().id}/proof`,
      headers: other.auth,
    });
    expect(peek.statusCode).toBe(404);
  });

  it("shows a user only their own deposits, and refuses users on operator routes", async () => {
    const a = await registerAndLogin(t);
    const b = await registerAndLogin(t);
    const method = await bankMethod(t);
    const created = await requestDeposit(a.auth, { methodId: method.id, amount: "20.00", reference: "mine" });
    const listB = await t.app.inject({ method: "GET", url: "/api/v1/cashier/deposits", headers: b.auth });
    expect(listB.json().items).toEqual([]);
    const asUser = await review(a.auth, created.json().id, "confirm");
    expect(asUser.statusCode).toBe(401);
    const support = await operatorAuth(t, "support");
    const wrongRole = await review(support.headers, created.json().id, "confirm");
    expect(wrongRole.statusCode).toBe(403);
  });

  it("replays a retried deposit request instead of recording it twice", async () => {
    const { auth, userId } = await registerAndLogin(t);
    const method = await bankMethod(t);
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        requestDeposit(auth, { methodId: method.id, amount: "30.00", reference: "once" }, k),
      ),
    );
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.db.selectFrom("deposits").select("id").where("user_id", "=", userId).execute();
    expect(rows).toHaveLength(1);
  });
});
