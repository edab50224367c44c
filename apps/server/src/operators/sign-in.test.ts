import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/harness";
import {
  createEnrolledOperator,
  TEST_OPERATOR_PASSWORD,
  totpCode,
  unusedTotpCode,
} from "../test/operator-fixtures";
import { createOperator } from "./service";

const t = useTestApp();

const login = (username: string, password = TEST_OPERATOR_PASSWORD) =>
  t.app.inject({ method: "POST", url: "/api/v1/operator/auth/login", payload: { username, password } });
const secondFactor = (payload: Record<string, string | undefined>) =>
  t.app.inject({ method: "POST", url: "/api/v1/operator/auth/second-factor", payload });
const me = (token: string) =>
  t.app.inject({ method: "GET", url: "/api/v1/operator/me", headers: { authorization: `Bearer ${token}` } });

async function challengeOf(username: string): Promise<Record<string, string>> {
  const answer = await login(username);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function auditActions(username: string): Promise<{ action: string; detail: unknown }[]> {
  return t.db
    .selectFrom("audit_log as a")
    .innerJoin("operators as o", "o.id", "a.operator_id")
    .select(["a.action", "a.detail"])
    .where("o.username", "=", username)
    .orderBy("a.id")
    .execute();
}

let operators = 0;
const newName = (prefix: string) => `${prefix}_${++operators}`;

describe("operator sign-in with a second factor", () => {
  it("enrols an operator without a secret: the secret counts only once a right code comes back", async () => {
    const username = newName("enrol");
    await createOperator(t.db, t.clock, { username, password: TEST_OPERATOR_PASSWORD, role: "finance" });

    const first = await challengeOf(username);
    expect(first).toMatchObject({ step: "enrol", challenge: expect.any(String), secret: expect.any(String) });
    const uri = new URL(first.otpauthUri ?? "");
    expect(`${uri.protocol}//${uri.host}`).toBe("otpauth://totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Tickfair:${username}`);
    expect(uri.searchParams.get("issuer")).toBe("Tickfair");
    expect(uri.searchParams.get("secret")).toBe(first.secret);

    // A wrong code enrols nothing: the next sign-in offers a new secret.
    const wrong = await secondFactor({ challenge: first.challenge ?? "", code: "000000" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("SECOND_FACTOR_INVALID");
    const again = await challengeOf(username);
    expect(again.step).toBe("enrol");
    expect(again.secret).not.toBe(first.secret);
    // The first challenge's secret was never the operator's, even with its right code.
    const stale = await secondFactor({
      challenge: again.challenge ?? "",
      code: totpCode(first.secret ?? "", t.clock.now()),
    });
    expect(stale.json().error.code).toBe("SECOND_FACTOR_INVALID");

    const enrolled = await secondFactor({
      challenge: again.challenge ?? "",
      code: totpCode(again.secret ?? "", t.clock.now()),
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const session = enrolled.json();
    expect(session.operator).toMatchObject({ username, role: "finance" });
    expect(session.recoveryCodes).toHaveLength(10);
    expect(new Set(session.recoveryCodes).size).toBe(10);
    for (const code of session.recoveryCodes) expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect((await me(session.token)).statusCode).toBe(200);

    // Stored: the secret, and the recovery codes only as hashes.
    const stored = await t.db
      .selectFrom("operators")
      .selectAll()
      .where("username", "=", username)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret).toBe(again.secret);
    expect(stored.totp_enrolled_at).toEqual(t.clock.now());
    const hashes = await t.db
      .selectFrom("operator_recovery_codes")
      .select("code_hash")
      .where("operator_id", "=", stored.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(session.recoveryCodes).not.toContain(code_hash);

    const next = await challengeOf(username);
    expect(next).toEqual({ step: "totp", challenge: expect.any(String), expiresAt: expect.any(String) });
    const actions = (await auditActions(username)).map((entry) => entry.action);
    expect(actions).toContain("operator.totp_enrol");
    expect(actions).toContain("operator.login");
  });

  it("signs an enrolled operator in with the authenticator's code, and never takes a code twice", async () => {
    const operator = await createEnrolledOperator(t.db, t.clock, {
      username: newName("totp"),
      role: "support",
    });
    const first = await challengeOf(operator.username);
    const code = totpCode(operator.secret, t.clock.now());
    const session = await secondFactor({ challenge: first.challenge ?? "", code });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json().recoveryCodes).toBeUndefined();
    expect(session.json().operator.permissions).toContain("dashboard.view");

    // The same code again, on a new challenge, within its window: refused.
    const second = await challengeOf(operator.username);
    const replay = await secondFactor({ challenge: second.challenge ?? "", code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe("SECOND_FACTOR_INVALID");
    // An older step's code too, once a newer one was taken.
    t.clock.advance(30_000);
    const older = await secondFactor({
      challenge: second.challenge ?? "",
      code: totpCode(operator.secret, new Date(t.clock.now().getTime() - 60_000)),
    });
    expect(older.json().error.code).toBe("SECOND_FACTOR_INVALID");
    const fresh = await secondFactor({
      challenge: second.challenge ?? "",
      code: await unusedTotpCode(t.db, t.clock, operator),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it("takes a challenge once and only for five minutes", async () => {
    const operator = await createEnrolledOperator(t.db, t.clock, {
      username: newName("challenge"),
      role: "admin",
    });
    const { challenge = "" } = await challengeOf(operator.username);
    const ok = await secondFactor({ challenge, code: await unusedTotpCode(t.db, t.clock, operator) });
    expect(ok.statusCode).toBe(200);
    t.clock.advance(30_000);
    const reused = await secondFactor({ challenge, code: await unusedTotpCode(t.db, t.clock, operator) });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.code).toBe("SIGN_IN_CHALLENGE_EXPIRED");

    const late = await challengeOf(operator.username);
    t.clock.advance(5 * 60_000 + 1);
    const expired = await secondFactor({
      challenge: late.challenge ?? "",
      code: await unusedTotpCode(t.db, t.clock, operator),
    });
    expect(expired.json().error.code).toBe("SIGN_IN_CHALLENGE_EXPIRED");
    const unknown = await secondFactor({ challenge: "x".repeat(43), code: "123456" });
    expect(unknown.json().error.code).toBe("SIGN_IN_CHALLENGE_EXPIRED");
  });

  it("takes each recovery code once, audited with how many are left", async () => {
    const username = newName("recovery");
    await createOperator(t.db, t.clock, { username, password: TEST_OPERATOR_PASSWORD, role: "finance" });
    const enrol = await challengeOf(username);
    const enrolled = await secondFactor({
      challenge: enrol.challenge ?? "",
      code: totpCode(enrol.secret ?? "", t.clock.now()),
    });
    const codes: string[] = enrolled.json().recoveryCodes;

    const first = await challengeOf(username);
    // Typed in lower case without dashes: still the code.
    const typed = (codes[3] ?? "").toLowerCase().replaceAll("-", " ");
    const used = await secondFactor({ challenge: first.challenge ?? "", recoveryCode: typed });
    expect(used.statusCode, used.body).toBe(200);
    const second = await challengeOf(username);
    const again = await secondFactor({ challenge: second.challenge ?? "", recoveryCode: codes[3] ?? "" });
    expect(again.json().error.code).toBe("SECOND_FACTOR_INVALID");

    const audit = await auditActions(username);
    expect(audit.find((entry) => entry.action === "operator.recovery_code_use")?.detail).toEqual({ left: 9 });
    expect(audit.filter((entry) => entry.action === "operator.second_factor_fail")).toHaveLength(1);
  });

  it("counts wrong codes toward the sign-in throttle, which a right password alone does not clear", async () => {
    const operator = await createEnrolledOperator(t.db, t.clock, {
      username: newName("guess"),
      role: "admin",
    });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { challenge = "" } = await challengeOf(operator.username);
      const guess = await secondFactor({ challenge, code: "000000" });
      expect(guess.json().error.code).toBe("SECOND_FACTOR_INVALID");
      t.clock.advance(20_000);
    }
    // Locked: even the right password is refused, as after ten wrong passwords.
    const locked = await login(operator.username);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().error.code).toBe("INVALID_CREDENTIALS");

    t.clock.advance(15 * 60_000);
    const { challenge = "" } = await challengeOf(operator.username);
    const ok = await secondFactor({ challenge, code: await unusedTotpCode(t.db, t.clock, operator) });
    expect(ok.statusCode, ok.body).toBe(200);
    const failures = await t.db
      .selectFrom("sign_in_failures")
      .selectAll()
      .where("name", "=", operator.username)
      .execute();
    expect(failures).toEqual([]);
  });

  it("refuses a disabled operator at both steps", async () => {
    const operator = await createEnrolledOperator(t.db, t.clock, {
      username: newName("off"),
      role: "support",
    });
    const { challenge = "" } = await challengeOf(operator.username);
    await t.db
      .updateTable("operators")
      .set({ disabled_at: t.clock.now() })
      .where("id", "=", operator.id)
      .execute();
    const refused = await secondFactor({ challenge, code: await unusedTotpCode(t.db, t.clock, operator) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("OPERATOR_DISABLED");
    expect((await login(operator.username)).json().error.code).toBe("OPERATOR_DISABLED");
    expect((await login(operator.username, "wrong-password-1")).json().error.code).toBe(
      "INVALID_CREDENTIALS",
    );
  });

  it("answers malformed second factors with a 400", async () => {
    const { challenge = "" } = await challengeOf(
      (await createEnrolledOperator(t.db, t.clock, { username: newName("bad"), role: "support" })).username,
    );
    for (const payload of [
      { challenge },
      { challenge, code: "123456", recoveryCode: "ABCD-EFGH-JKLM-NPQR" },
      { challenge, code: "12345" },
      { challenge, code: "12345a" },
    ]) {
      const answer = await secondFactor(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().error.code).toBe("VALIDATION_FAILED");
    }
  });
});
