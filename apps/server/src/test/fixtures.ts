import type { RegisterRequest, SessionResponse } from "@tickfair/contract";
import type { TestContext } from "./harness";

export const INVITE = "TESTCODE";
let counter = 0;

export async function ensureInviteCode(
  t: TestContext,
  code = INVITE,
  maxUses: number | null = null,
): Promise<string> {
  await t.db
    .insertInto("invite_codes")
    .values({ code, max_uses: maxUses, created_at: t.clock.now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return code;
}

/** A valid registration with a unique account and mainland phone number. */
export function newRegistration(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  counter += 1;
  const n = String(counter).padStart(4, "0");
  return {
    account: `user${n}${Math.floor(Math.random() * 90 + 10)}`,
    phoneCountry: "CN",
    phone: `139${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}${n}`,
    inviteCode: INVITE,
    password: "secret-pass1",
    passwordConfirm: "secret-pass1",
    payPassword: "246810",
    payPasswordConfirm: "246810",
    ...overrides,
  };
}

export async function registerAndLogin(t: TestContext, overrides: Partial<RegisterRequest> = {}) {
  await ensureInviteCode(t);
  const registration = newRegistration(overrides);
  const created = await t.app.inject({ method: "POST", url: "/api/v1/auth/register", payload: registration });
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`);
  const login = await t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { account: registration.account, password: registration.password },
  });
  const session = login.json<SessionResponse>();
  return {
    registration,
    session,
    token: session.token,
    userId: BigInt(session.user.id),
    auth: { authorization: `Bearer ${session.token}` },
  };
}
