import {
  type LimitKind,
  limitStepUp,
  passwordStepUp,
  type RegisterRequest,
  type SessionResponse,
  type StepUpAction,
  type StepUpGrant,
} from "@tickfair/contract";
import { expect } from "vitest";
import type { App } from "../app";
import type { Db } from "../platform/db";
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
    nationality: "CN",
    phone: `139${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}${n}`,
    inviteCode: INVITE,
    password: "secret-pass1",
    passwordConfirm: "secret-pass1",
    payPassword: "246810",
    payPasswordConfirm: "246810",
    ...overrides,
  };
}

/** A new session of a registered user, as from a device of theirs. */
export async function signIn(app: App, registration: Pick<RegisterRequest, "account" | "password">) {
  const login = await app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { account: registration.account, password: registration.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const session = login.json<SessionResponse>();
  return { session, token: session.token, auth: { authorization: `Bearer ${session.token}` } };
}

export async function registerAndLogin(t: TestContext, overrides: Partial<RegisterRequest> = {}) {
  await ensureInviteCode(t);
  const registration = newRegistration(overrides);
  const created = await t.app.inject({ method: "POST", url: "/api/v1/auth/register", payload: registration });
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`);
  const { session, token, auth } = await signIn(t.app, registration);
  return { registration, session, token, userId: BigInt(session.user.id), auth };
}

/**
 * Changes the sign-in ("login") or transaction ("pay") password of the session `auth` carries, as the
 * app does: a step-up proved with `stepUpWith` first (the old transaction password when changing it),
 * whose refusal is the answer when it is refused.
 */
export async function changePassword(
  app: App,
  auth: Record<string, string>,
  type: "login" | "pay",
  oldPassword: string,
  newPassword: string,
  confirmPassword = newPassword,
  stepUpWith = type === "pay" ? oldPassword : "246810",
) {
  const granted = await askStepUp(app, auth, passwordStepUp(type), stepUpWith);
  if (granted.statusCode !== 201) return granted;
  return app.inject({
    method: "POST",
    url: "/api/v1/me/password",
    headers: { ...auth, "step-up": granted.json<StepUpGrant>().token },
    payload: { type, oldPassword, newPassword, confirmPassword },
  });
}

/** A POST of `body` exactly as given, declared as `contentType`: for bodies no well-behaved client sends. */
export function postRaw(app: App, url: string, body: string, contentType: string) {
  return app.inject({ method: "POST", url, payload: body, headers: { "content-type": contentType } });
}

/** The audit entry recorded for `action`: the test fails if there is none. */
export function auditEntry(db: Db, action: string) {
  return db.selectFrom("audit_log").selectAll().where("action", "=", action).executeTakeFirstOrThrow();
}

/** Asks for a step-up for `action`, proved with the transaction password `payPassword`. */
export function askStepUp(app: App, auth: Record<string, string>, action: StepUpAction, payPassword: string) {
  return app.inject({
    method: "POST",
    url: "/api/v1/me/step-up",
    headers: auth,
    payload: { action, proof: { method: "payPassword", payPassword } },
  });
}

/**
 * A step-up the user `auth` signs in proves with their transaction password, granted for `action`:
 * the header to send with that action's request.
 */
export async function stepUpFor(
  app: App,
  auth: Record<string, string>,
  action: StepUpAction,
  payPassword = "246810",
): Promise<{ "step-up": string }> {
  const granted = await askStepUp(app, auth, action, payPassword);
  expect(granted.statusCode, granted.body).toBe(201);
  return { "step-up": granted.json<StepUpGrant>().token };
}

/**
 * Sets (or removes, null) the user's limit of `kind` as the app asks it, with no step-up unless
 * `headers` carry one: a tightening needs none.
 */
export function sendLimit(
  app: App,
  auth: Record<string, string>,
  kind: string,
  value: string | null,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "PUT",
    url: `/api/v1/limits/${kind}`,
    headers: { ...auth, ...headers },
    payload: { value },
  });
}

/**
 * Sets (or removes, null) the user's limit of `kind` with a step-up granted for it, as the app does
 * for a loosening; a tightening leaves the grant unused.
 */
export async function putLimit(
  app: App,
  auth: Record<string, string>,
  kind: string,
  value: string | null,
  payPassword = "246810",
) {
  const granted = await askStepUp(app, auth, limitStepUp(kind as LimitKind, value), payPassword);
  // A kind the contract does not know is the route's to refuse (400); its step-up is refused first.
  const stepUp: Record<string, string> =
    granted.statusCode === 201 ? { "step-up": granted.json<StepUpGrant>().token } : {};
  return sendLimit(app, auth, kind, value, stepUp);
}
