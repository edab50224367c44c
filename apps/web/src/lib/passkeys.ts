import type {
  PasskeyAssertionResponse,
  PasskeyInfo,
  PasskeyRegistrationResponse,
  PasskeySignInOptions,
  SessionResponse,
  StepUpAction,
  StepUpProof,
} from "@tickfair/contract";
import { apiRequest } from "../api/client";
import { ApiError } from "../api/errors";
import { queryClient } from "../api/query-client";
import { useSession } from "../store/session";

/**
 * The app's passkey ceremonies. The WebAuthn browser library loads only when a ceremony starts, so
 * pages that never use passkeys (and the first page) do not carry it.
 */

const webauthn = () => import("@simplewebauthn/browser");

/**
 * Whether this browser has WebAuthn at all. The server's `passkeys` flag says whether this address may
 * use them (HTTPS or localhost); a browser without the API (an old WebView, some in-app browsers) cannot
 * either way, and a button that can only fail is worse than none.
 */
export function browserHasPasskeys(): boolean {
  return typeof globalThis.PublicKeyCredential === "function";
}

type Options = { challenge: string };

/**
 * The browser's prompt closed without an answer (the user cancelled, or the device could not verify
 * them). Read as "could not be confirmed"; a page that started the prompt itself may stay silent.
 */
export class PasskeyCancelled extends ApiError {
  constructor() {
    super("PASSKEY_NOT_VERIFIED", 0);
  }
}

/** The browser's own failures, as the app's error: what the user reads is "could not be confirmed". */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const cancelled =
      error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");
    throw cancelled ? new PasskeyCancelled() : new ApiError("PASSKEY_NOT_VERIFIED", 0);
  }
}

async function assert(options: Options, useBrowserAutofill = false): Promise<PasskeyAssertionResponse> {
  const { startAuthentication } = await webauthn();
  // The server built these options with the same library's JSON encoding; only the challenge is read here.
  const optionsJSON = options as unknown as Parameters<typeof startAuthentication>[0]["optionsJSON"];
  return (await startAuthentication({ optionsJSON, useBrowserAutofill })) as PasskeyAssertionResponse;
}

/** The passkey proof of a step-up (components/StepUp): an assertion over a challenge for this action. */
export function passkeyProof(action: StepUpAction): Promise<StepUpProof> {
  return ceremony(async () => {
    const { options } = await apiRequest<{ options: Options }>("/v1/me/step-up/options", {
      method: "POST",
      body: { action },
      auth: true,
    });
    return { method: "passkey", response: await assert(options) };
  });
}

/** Makes a passkey named `name` on this device and keeps it, with the step-up token for adding it. */
export function addPasskey(name: string, stepUpToken: string): Promise<PasskeyInfo> {
  return ceremony(async () => {
    const { options } = await apiRequest<{ options: Options }>("/v1/me/passkeys/options", {
      method: "POST",
      auth: true,
    });
    const { startRegistration } = await webauthn();
    const optionsJSON = options as unknown as Parameters<typeof startRegistration>[0]["optionsJSON"];
    const response = (await startRegistration({ optionsJSON })) as PasskeyRegistrationResponse;
    return apiRequest<PasskeyInfo>("/v1/me/passkeys", {
      method: "POST",
      body: { name, response },
      auth: true,
      headers: { "step-up": stepUpToken },
    });
  });
}

/**
 * Signs in with a passkey: the browser offers this site's passkeys, in a prompt or (`autofill`) in
 * the account field's suggestions, where the browser supports conditional UI.
 */
export async function signInWithPasskey(autofill = false): Promise<SessionResponse> {
  return ceremony(async () => {
    const { attempt, options } = await apiRequest<PasskeySignInOptions>("/v1/auth/passkey/options", {
      method: "POST",
    });
    const response = await assert(options, autofill);
    const session = await apiRequest<SessionResponse>("/v1/auth/passkey/login", {
      method: "POST",
      body: { attempt, response },
    });
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "app" });
    useSession.getState().setSession(session);
    return session;
  });
}

/** Whether the browser can offer passkeys in the account field's autofill (conditional UI). */
export async function passkeyAutofillAvailable(): Promise<boolean> {
  return (await webauthn()).browserSupportsWebAuthnAutofill();
}

/** Withdraws a pending prompt or autofill offer (leaving the login page). */
export async function cancelPasskeyPrompt(): Promise<void> {
  (await webauthn()).WebAuthnAbortService.cancelCeremony();
}
