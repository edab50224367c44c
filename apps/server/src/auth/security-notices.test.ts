import { type InboxPage, type Notice, passkeyRemoveStepUp } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { addFirstPasskey, passkeyStepUp, payPasswordStepUp } from "../test/passkey-fixtures";
import { SoftwareAuthenticator } from "../test/software-authenticator";
import { enrolUserTotp } from "../test/totp-fixtures";

const t = useTestApp();

/** The user's notices about ways into their account, oldest first. */
async function securityNotices(auth: Record<string, string>): Promise<Notice[]> {
  const inbox = await t.app.inject({ url: "/api/v1/messages", headers: auth });
  expect(inbox.statusCode, inbox.body).toBe(200);
  return inbox
    .json<InboxPage>()
    .items.map((item) => item.content)
    .filter((content): content is Notice => /^(passkey|totp)_/.test(content.kind))
    .reverse();
}

describe("a change to the ways into an account", () => {
  it("is told in the inbox for each passkey added and removed, by the name the user gave it", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const authenticator = new SoftwareAuthenticator();
    const { id } = await addFirstPasskey(t, auth, registration.payPassword, authenticator, "My phone");
    const proof = await passkeyStepUp(t, auth, passkeyRemoveStepUp(id), authenticator);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/api/v1/me/passkeys/${id}`,
      headers: { ...auth, "step-up": proof.json().token },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await securityNotices(auth)).toEqual([
      { kind: "passkey_added", name: "My phone" },
      { kind: "passkey_removed", name: "My phone" },
    ]);
  });

  it("is told when two-step sign-in goes on and off, and not for a refused attempt", async () => {
    const { registration, auth } = await registerAndLogin(t);
    await enrolUserTotp(t, auth);
    const bare = await t.app.inject({ method: "DELETE", url: "/api/v1/me/totp", headers: auth });
    expect(bare.json().error.code).toBe("STEP_UP_REQUIRED");
    const grant = await payPasswordStepUp(
      t,
      auth,
      { kind: "totp.disable", data: {} },
      registration.payPassword,
    );
    const off = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/me/totp",
      headers: { ...auth, "step-up": grant },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(await securityNotices(auth)).toEqual([
      { kind: "totp_enabled" },
      { kind: "totp_disabled", byOperator: false },
    ]);
  });
});
