import {
  type PasskeyInfo,
  passkeyAddStepUp,
  passkeyRemoveStepUp,
  type StepUpAction,
} from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { askStepUp, registerAndLogin, signIn } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { createEnrolledOperator } from "../test/operator-fixtures";
import {
  addFirstPasskey,
  passkeyProof,
  passkeySignIn,
  passkeyStepUp,
  payPasswordStepUp,
  registerPasskey,
  stepUpOptions,
} from "../test/passkey-fixtures";
import { SoftwareAuthenticator } from "../test/software-authenticator";

const t = useTestApp();

const withdrawTen: StepUpAction = { kind: "withdrawal", data: { amount: "10.00" } };

async function listOf(auth: Record<string, string>): Promise<PasskeyInfo[]> {
  return (await t.app.inject({ method: "GET", url: "/api/v1/me/passkeys", headers: auth })).json().items;
}

describe("passkeys", () => {
  it("adds a named passkey with a step-up, then signs in with it as a password would", async () => {
    const { registration, auth, session } = await registerAndLogin(t);
    const authenticator = new SoftwareAuthenticator();

    // Without the step-up, or with one for another name, nothing is added.
    expect((await registerPasskey(t, auth, authenticator, "Phone", undefined)).json().error.code).toBe(
      "STEP_UP_REQUIRED",
    );
    const otherName = await payPasswordStepUp(t, auth, passkeyAddStepUp("Laptop"), registration.payPassword);
    expect((await registerPasskey(t, auth, authenticator, "Phone", otherName)).statusCode).toBe(403);
    expect(await listOf(auth)).toEqual([]);

    const added = await addFirstPasskey(t, auth, registration.payPassword, authenticator, "  Phone ");
    expect(added).toMatchObject({ name: "Phone", lastUsedAt: null, createdAt: t.clock.now().toISOString() });
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me/step-up", headers: auth })).json()).toEqual({
      method: "passkey",
    });

    t.clock.advance(60_000);
    const { answer } = await passkeySignIn(t, authenticator);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().user).toEqual(session.user);
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/me",
      headers: { authorization: `Bearer ${answer.json().token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(await listOf(auth)).toEqual([{ ...added, lastUsedAt: t.clock.now().toISOString() }]);
  });

  it("refuses a replayed answer, a stale counter, another origin or RP ID, and no user verification", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const authenticator = new SoftwareAuthenticator();
    await addFirstPasskey(t, auth, registration.payPassword, authenticator);

    const first = await passkeySignIn(t, authenticator);
    expect(first.answer.statusCode).toBe(200);
    const replay = await first.again();
    expect(replay.json().error.code).toBe("PASSKEY_NOT_VERIFIED");

    const bent: [string, Parameters<typeof passkeySignIn>[2]][] = [
      ["stale counter (a cloned key)", { counter: 1 }],
      ["another origin", { origin: "https://evil.example" }],
      ["another RP ID", { rpId: "evil.example" }],
      ["no user verification", { userVerified: false }],
    ];
    for (const [why, ceremony] of bent) {
      const { answer } = await passkeySignIn(t, authenticator, ceremony);
      expect(answer.statusCode, why).toBe(400);
      expect(answer.json().error.code, why).toBe("PASSKEY_NOT_VERIFIED");
    }
    // The refusals used nothing up: the real authenticator still signs in.
    expect((await passkeySignIn(t, authenticator)).answer.statusCode).toBe(200);

    // A challenge is the attempt's: another attempt's token does not carry it.
    const options = (await t.app.inject({ method: "POST", url: "/api/v1/auth/passkey/options" })).json();
    const other = (await t.app.inject({ method: "POST", url: "/api/v1/auth/passkey/options" })).json();
    const stolen = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/passkey/login",
      payload: { attempt: other.attempt, response: authenticator.assert(options.options) },
    });
    expect(stolen.json().error.code).toBe("PASSKEY_NOT_VERIFIED");

    // Challenges expire.
    const late = (await t.app.inject({ method: "POST", url: "/api/v1/auth/passkey/options" })).json();
    t.clock.advance(10 * 60_000);
    const expired = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/passkey/login",
      payload: { attempt: late.attempt, response: authenticator.assert(late.options) },
    });
    expect(expired.json().error.code).toBe("PASSKEY_NOT_VERIFIED");
  });

  it("refuses a registration without user verification, or for another origin", async () => {
    const { registration, auth } = await registerAndLogin(t);
    for (const ceremony of [
      { userVerified: false },
      { origin: "https://evil.example" },
      { rpId: "evil.example" },
    ]) {
      const token = await payPasswordStepUp(t, auth, passkeyAddStepUp("Phone"), registration.payPassword);
      const added = await registerPasskey(t, auth, new SoftwareAuthenticator(), "Phone", token, ceremony);
      expect(added.json().error.code, JSON.stringify(ceremony)).toBe("PASSKEY_NOT_VERIFIED");
    }
    expect(await listOf(auth)).toEqual([]);
  });

  it("takes the passkey as step-up proof, bound to the session and the action", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const authenticator = new SoftwareAuthenticator();
    await addFirstPasskey(t, auth, registration.payPassword, authenticator);

    const payPassword = await askStepUp(t.app, auth, withdrawTen, registration.payPassword);
    expect(payPassword.statusCode).toBe(403);
    expect(payPassword.json().error.code).toBe("STEP_UP_PASSKEY_REQUIRED");

    const granted = await passkeyStepUp(t, auth, withdrawTen, authenticator);
    expect(granted.statusCode, granted.body).toBe(201);
    const grant = await t.db
      .selectFrom("step_up_grants")
      .select(["method", "kind"])
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(grant).toEqual({ method: "passkey", kind: "withdrawal" });

    // Options for 10.00 answered, but the proof claims 1000.00: the challenge was the other action's.
    const response = authenticator.assert(await stepUpOptions(t, auth, withdrawTen));
    const bigger = await passkeyProof(t, auth, { kind: "withdrawal", data: { amount: "1000.00" } }, response);
    expect(bigger.json().error.code).toBe("PASSKEY_NOT_VERIFIED");

    // Another session of the same user cannot answer this session's challenge.
    const other = await signIn(t.app, registration);
    const again = authenticator.assert(await stepUpOptions(t, auth, withdrawTen));
    const crossed = await passkeyProof(t, other.auth, withdrawTen, again);
    expect(crossed.json().error.code).toBe("PASSKEY_NOT_VERIFIED");

    // Another user's passkey proves nothing for this user.
    const stranger = await registerAndLogin(t);
    const strangerKey = new SoftwareAuthenticator();
    await addFirstPasskey(t, stranger.auth, stranger.registration.payPassword, strangerKey);
    const impostor = await passkeyStepUp(t, auth, withdrawTen, strangerKey);
    expect(impostor.json().error.code).toBe("PASSKEY_UNKNOWN");
  });

  it("renames, and removes only with a step-up; a removed passkey signs in no more", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const authenticator = new SoftwareAuthenticator();
    const { id } = await addFirstPasskey(t, auth, registration.payPassword, authenticator);
    const second = new SoftwareAuthenticator();
    const addSecond = await passkeyStepUp(t, auth, passkeyAddStepUp("Laptop"), authenticator);
    expect(addSecond.statusCode).toBe(201);
    expect((await registerPasskey(t, auth, second, "Laptop", addSecond.json().token)).statusCode).toBe(201);

    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/me/passkeys/${id}`,
      headers: auth,
      payload: { name: "Old phone" },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await listOf(auth)).map((passkey) => passkey.name)).toEqual(["Old phone", "Laptop"]);

    const bare = await t.app.inject({ method: "DELETE", url: `/api/v1/me/passkeys/${id}`, headers: auth });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.code).toBe("STEP_UP_REQUIRED");
    const stranger = await registerAndLogin(t);
    const theirs = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/me/passkeys/${id}`,
      headers: stranger.auth,
      payload: { name: "Mine" },
    });
    expect(theirs.json().error.code).toBe("PASSKEY_NOT_FOUND");

    const proof = await passkeyStepUp(t, auth, passkeyRemoveStepUp(id), second);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/me/passkeys/${id}`,
      headers: { ...auth, "step-up": proof.json().token },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listOf(auth)).map((passkey) => passkey.name)).toEqual(["Laptop"]);
    expect((await passkeySignIn(t, authenticator)).answer.json().error.code).toBe("PASSKEY_UNKNOWN");
  });

  it("answers a locked account's passkey with SIGN_IN_LOCKED", async () => {
    const { registration, auth, userId } = await registerAndLogin(t);
    const authenticator = new SoftwareAuthenticator();
    await addFirstPasskey(t, auth, registration.payPassword, authenticator);
    const operator = await createEnrolledOperator(t.db, t.clock, {
      username: "passkey_lock",
      role: "support",
    });
    await t.db
      .updateTable("users")
      .set({ sign_in_locked_at: t.clock.now(), sign_in_locked_by: operator.id, sign_in_lock_reason: "test" })
      .where("id", "=", userId)
      .execute();
    const { answer } = await passkeySignIn(t, authenticator);
    expect(answer.json().error.code).toBe("SIGN_IN_LOCKED");
  });

  it("is unavailable on a plain-HTTP LAN address, which cannot make the transaction password a passkey user's proof", async () => {
    const { registration, auth } = await registerAndLogin(t);
    await addFirstPasskey(t, auth, registration.payPassword, new SoftwareAuthenticator());
    const lan = { host: "192.168.1.20:8080" };
    const app = await t.app.inject({ method: "GET", url: "/api/v1/app", headers: lan });
    expect(app.json().passkeys).toBe(false);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/app" })).json().passkeys).toBe(true);
    const options = await t.app.inject({ method: "POST", url: "/api/v1/auth/passkey/options", headers: lan });
    expect(options.statusCode).toBe(400);
    expect(options.json().error.code).toBe("PASSKEYS_UNAVAILABLE");
    const method = await t.app.inject({
      method: "GET",
      url: "/api/v1/me/step-up",
      headers: { ...auth, ...lan },
    });
    expect(method.json()).toEqual({ method: "passkey" });
    const stepUp = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/step-up/options",
      headers: { ...auth, ...lan },
      payload: { action: withdrawTen },
    });
    expect(stepUp.json().error.code).toBe("PASSKEYS_UNAVAILABLE");
  });
});
