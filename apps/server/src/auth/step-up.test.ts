import { STEP_UP_TTL_SECONDS, type StepUpAction, type StepUpGrant } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { hashToken } from "../platform/tokens";
import { registerAndLogin, signIn } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { consumeStepUp } from "./step-up";

const t = useTestApp();

const withdrawTen: StepUpAction = { kind: "withdrawal", data: { amount: "10.00" } };

async function stepUp(auth: Record<string, string>, action: StepUpAction, payPassword: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/me/step-up",
    headers: auth,
    payload: { action, proof: { method: "payPassword", payPassword } },
  });
}

describe("step-up", () => {
  it("grants a proof for one action of one session, used once, within its time", async () => {
    const { registration, token, auth, userId } = await registerAndLogin(t);
    const method = await t.app.inject({ method: "GET", url: "/api/v1/me/step-up", headers: auth });
    expect(method.json()).toEqual({ method: "payPassword" });

    const granted = await stepUp(auth, withdrawTen, registration.payPassword);
    expect(granted.statusCode, granted.body).toBe(201);
    const grant = granted.json<StepUpGrant>();
    expect(new Date(grant.expiresAt).getTime() - t.clock.now().getTime()).toBe(STEP_UP_TTL_SECONDS * 1000);
    const holder = { userId, sessionTokenHash: hashToken(token) };

    // Another amount, another kind, another session: refused, and the grant stays unused.
    const other = await signIn(t.app, registration);
    const refusals: [typeof holder, StepUpAction][] = [
      [holder, { kind: "withdrawal", data: { amount: "1000.00" } }],
      [holder, { kind: "limit.loosen", data: { amount: "10.00" } }],
      [{ userId, sessionTokenHash: hashToken(other.token) }, withdrawTen],
    ];
    for (const [who, action] of refusals)
      await expect(consumeStepUp(t.db, who, action, grant.token, t.clock.now())).rejects.toMatchObject({
        code: "STEP_UP_REQUIRED",
      });

    // The same fields in another order are the same action; the second use is refused.
    await consumeStepUp(t.db, holder, withdrawTen, grant.token, t.clock.now());
    await expect(consumeStepUp(t.db, holder, withdrawTen, grant.token, t.clock.now())).rejects.toMatchObject({
      code: "STEP_UP_REQUIRED",
    });
    await expect(consumeStepUp(t.db, holder, withdrawTen, undefined, t.clock.now())).rejects.toMatchObject({
      code: "STEP_UP_REQUIRED",
    });

    const late = (await stepUp(auth, withdrawTen, registration.payPassword)).json<StepUpGrant>();
    t.clock.advance(STEP_UP_TTL_SECONDS * 1000);
    await expect(consumeStepUp(t.db, holder, withdrawTen, late.token, t.clock.now())).rejects.toMatchObject({
      code: "STEP_UP_REQUIRED",
    });
  });

  it("binds an action's fields whatever their order", async () => {
    const { registration, token, auth, userId } = await registerAndLogin(t);
    const action: StepUpAction = { kind: "limit.loosen", data: { limitKind: "loss_day", value: "50.00" } };
    const grant = (await stepUp(auth, action, registration.payPassword)).json<StepUpGrant>();
    const reordered: StepUpAction = { kind: "limit.loosen", data: { value: "50.00", limitKind: "loss_day" } };
    await consumeStepUp(
      t.db,
      { userId, sessionTokenHash: hashToken(token) },
      reordered,
      grant.token,
      t.clock.now(),
    );
  });

  it("refuses a wrong transaction password, and locks after five", async () => {
    const { auth } = await registerAndLogin(t);
    const wrong = await stepUp(auth, withdrawTen, "000000");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: "PAY_PASSWORD_WRONG",
      fields: { payPassword: "PAY_PASSWORD_WRONG" },
    });
    for (let attempt = 2; attempt < 5; attempt++) await stepUp(auth, withdrawTen, "000000");
    const locked = await stepUp(auth, withdrawTen, "000000");
    expect(locked.statusCode).toBe(423);
    expect(locked.json().error.code).toBe("WITHDRAWALS_LOCKED");
  });

  it("answers bad input with a field error, and needs a session", async () => {
    const { auth } = await registerAndLogin(t);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/step-up",
      headers: auth,
      payload: {
        action: { kind: "transfer.everything", data: {} },
        proof: { method: "payPassword", payPassword: "1" },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe("VALIDATION_FAILED");
    const anonymous = await t.app.inject({ method: "POST", url: "/api/v1/me/step-up", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });
});
