import { z } from "zod";
import { idString, isoTime } from "./common";
import { stepUpAction } from "./step-up";
import {
  passkeyAssertionResponse,
  passkeyCreationOptions,
  passkeyRegistrationResponse,
  passkeyRequestOptions,
} from "./webauthn";

/**
 * Passkeys (WebAuthn): a user's sign-in without a password, and their step-up proof once they have
 * one.
 */

/** The name a user gives a passkey ("Phone", "Laptop"). */
export const passkeyName = z.string().trim().min(1).max(40);

export const passkeyInfo = z.object({
  id: idString,
  name: z.string(),
  createdAt: isoTime,
  lastUsedAt: isoTime.nullable(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfo>;
export const passkeyList = z.object({ items: z.array(passkeyInfo) });
export type PasskeyList = z.infer<typeof passkeyList>;

export const passkeyAddOptionsResponse = z.object({ options: passkeyCreationOptions });
/** Adding a passkey: its name and the browser's answer, with a step-up of passkeyAddStepUp(name). */
export const passkeyAddRequest = z.object({ name: passkeyName, response: passkeyRegistrationResponse });
export type PasskeyAddRequest = z.infer<typeof passkeyAddRequest>;
export const passkeyRenameRequest = z.object({ name: passkeyName });
export type PasskeyRenameRequest = z.infer<typeof passkeyRenameRequest>;

/** A sign-in attempt: `attempt` goes back with the answer, so only this browser can use the challenge. */
export const passkeySignInOptions = z.object({ attempt: z.string(), options: passkeyRequestOptions });
export type PasskeySignInOptions = z.infer<typeof passkeySignInOptions>;
export const passkeySignInRequest = z.object({
  attempt: z.string().max(100),
  response: passkeyAssertionResponse,
});
export type PasskeySignInRequest = z.infer<typeof passkeySignInRequest>;

export const passkeyStepUpOptionsRequest = z.object({ action: stepUpAction });
export const passkeyStepUpOptions = z.object({ options: passkeyRequestOptions });
