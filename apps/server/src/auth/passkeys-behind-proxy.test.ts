import { passkeyAddStepUp } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { addFirstPasskey, passkeySignIn, payPasswordStepUp, registerPasskey } from "../test/passkey-fixtures";
import { SoftwareAuthenticator } from "../test/software-authenticator";

const t = useTestApp({ PUBLIC_URL: "https://trade.example.com/app/" });

describe("the relying party behind a TLS proxy (PUBLIC_URL)", () => {
  it("is PUBLIC_URL's origin and host whatever Host the proxy forwards", async () => {
    const { registration, auth } = await registerAndLogin(t);
    const options = await t.app.inject({
      method: "POST",
      url: "/api/v1/me/passkeys/options",
      headers: { ...auth, host: "10.0.0.5:8080" },
    });
    expect(options.json().options.rp).toEqual({ id: "trade.example.com", name: "Tickfair" });
    const app = await t.app.inject({ method: "GET", url: "/api/v1/app", headers: { host: "10.0.0.5:8080" } });
    expect(app.json().passkeys).toBe(true);

    // Made for localhost (the proxy's own view), a passkey is refused; made for the public site, kept.
    const local = new SoftwareAuthenticator("localhost", "http://localhost");
    const token = await payPasswordStepUp(t, auth, passkeyAddStepUp("Phone"), registration.payPassword);
    expect((await registerPasskey(t, auth, local, "Phone", token)).json().error.code).toBe(
      "PASSKEY_NOT_VERIFIED",
    );
    const site = new SoftwareAuthenticator("trade.example.com", "https://trade.example.com");
    await addFirstPasskey(t, auth, registration.payPassword, site);
    expect((await passkeySignIn(t, site)).answer.statusCode).toBe(200);
  });
});
