import { z } from "zod";

/**
 * WebAuthn on the wire: the browser's answers travel as the WebAuthn JSON encoding (base64url
 * fields); the options the server hands out are the same encoding, passed through to the browser as
 * they are. Apart from passkeys.ts so step-up.ts can name a passkey proof without a cycle.
 */

const base64url = z.string().regex(/^[A-Za-z0-9_-]*$/, { message: "VALIDATION_FAILED" });

/** What navigator.credentials.create() answered, JSON-encoded. */
export const passkeyRegistrationResponse = z.object({
  id: base64url.max(1400),
  rawId: base64url.max(1400),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url.max(4000),
    attestationObject: base64url.max(40_000),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type PasskeyRegistrationResponse = z.infer<typeof passkeyRegistrationResponse>;

/** What navigator.credentials.get() answered, JSON-encoded. */
export const passkeyAssertionResponse = z.object({
  id: base64url.max(1400),
  rawId: base64url.max(1400),
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url.max(4000),
    authenticatorData: base64url.max(4000),
    signature: base64url.max(2000),
    userHandle: base64url.max(200).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type PasskeyAssertionResponse = z.infer<typeof passkeyAssertionResponse>;

/**
 * WebAuthn options (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON) as the server's
 * WebAuthn library built them, for the browser's library to read.
 */
export const passkeyCreationOptions = z.looseObject({ challenge: z.string() });
export const passkeyRequestOptions = z.looseObject({ challenge: z.string() });
