import type { PasskeyAssertionResponse, PasskeyInfo, StepUpAction } from "@tickfair/contract";
import { passkeyAddStepUp } from "@tickfair/contract";
import { expect } from "vitest";
import { stepUpFor } from "./fixtures";
import type { TestContext } from "./harness";
import type { Ceremony, SoftwareAuthenticator } from "./software-authenticator";

type Auth = Record<string, string>;

/** A step-up grant for `action`, proven with the transaction password (a user without a passkey). */
export async function payPasswordStepUp(
  t: TestContext,
  auth: Auth,
  action: StepUpAction,
  payPassword: string,
) {
  return (await stepUpFor(t.app, auth, action, payPassword))["step-up"];
}

/** The step-up options for `action` this session of the user `auth` signs in is given to answer. */
export async function stepUpOptions(t: TestContext, auth: Auth, action: StepUpAction) {
  const options = await t.app.inject({
    method: "POST",
    url: "/api/v1/me/step-up/options",
    headers: auth,
    payload: { action },
  });
  expect(options.statusCode, options.body).toBe(200);
  return options.json<{ options: { challenge: string } }>().options;
}

/** A step-up for `action` proved with the passkey assertion `response`: the POST /me/step-up answer. */
export function passkeyProof(
  t: TestContext,
  auth: Auth,
  action: StepUpAction,
  response: PasskeyAssertionResponse,
) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/me/step-up",
    headers: auth,
    payload: { action, proof: { method: "passkey", response } },
  });
}

/** Asks step-up options for `action` and answers them with `authenticator`: the POST /me/step-up answer. */
export async function passkeyStepUp(
  t: TestContext,
  auth: Auth,
  action: StepUpAction,
  authenticator: SoftwareAuthenticator,
  ceremony: Ceremony = {},
) {
  const options = await stepUpOptions(t, auth, action);
  return passkeyProof(t, auth, action, authenticator.assert(options, ceremony));
}

/** Registration options, answered by `authenticator`, sent with `stepUpToken`: the POST /me/passkeys answer. */
export async function registerPasskey(
  t: TestContext,
  auth: Auth,
  authenticator: SoftwareAuthenticator,
  name: string,
  stepUpToken: string | undefined,
  ceremony: Ceremony = {},
) {
  const options = await t.app.inject({ method: "POST", url: "/api/v1/me/passkeys/options", headers: auth });
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.register(options.json().options, ceremony);
  return t.app.inject({
    method: "POST",
    url: "/api/v1/me/passkeys",
    headers: { ...auth, ...(stepUpToken ? { "step-up": stepUpToken } : {}) },
    payload: { name, response },
  });
}

/** A user's first passkey, added with the transaction password's step-up as the phone does. */
export async function addFirstPasskey(
  t: TestContext,
  auth: Auth,
  payPassword: string,
  authenticator: SoftwareAuthenticator,
  name = "Phone",
): Promise<PasskeyInfo> {
  const token = await payPasswordStepUp(t, auth, passkeyAddStepUp(name), payPassword);
  const added = await registerPasskey(t, auth, authenticator, name, token);
  expect(added.statusCode, added.body).toBe(201);
  return added.json<PasskeyInfo>();
}

/** A passkey sign-in: options, then `authenticator`'s answer (bent by `ceremony`). */
export async function passkeySignIn(
  t: TestContext,
  authenticator: SoftwareAuthenticator,
  ceremony: Ceremony = {},
) {
  const options = await t.app.inject({ method: "POST", url: "/api/v1/auth/passkey/options" });
  expect(options.statusCode, options.body).toBe(200);
  const { attempt, options: request } = options.json();
  const response = authenticator.assert(request, ceremony);
  const login = () =>
    t.app.inject({ method: "POST", url: "/api/v1/auth/passkey/login", payload: { attempt, response } });
  return { answer: await login(), again: login, attempt, response };
}
