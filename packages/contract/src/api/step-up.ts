import { z } from "zod";
import { isoTime } from "./common";

/**
 * Step-up: a fresh proof that the person holding a session is its owner, asked before an action that
 * moves money or lowers the account's safety. The proof is granted for one action (its kind and its
 * data), is used once and expires in minutes; a stolen session token alone cannot act.
 */
export const STEP_UP_KINDS = [
  "withdrawal",
  "withdrawal_account.bind",
  "limit.loosen",
  "password.change",
  "passkey.add",
  "passkey.remove",
  "sessions.end",
  "totp.disable",
] as const;
export const stepUpKind = z.enum(STEP_UP_KINDS);
export type StepUpKind = z.infer<typeof stepUpKind>;

/** How long a granted step-up may wait for its action. */
export const STEP_UP_TTL_SECONDS = 300;

/**
 * What a proof is granted for: the kind and the action's own fields as the action's request carries
 * them (the amount as typed, the limit's kind and value). The server rebuilds the same from the action's
 * request and compares, so a proof for 10.00 does not withdraw 1000.00.
 */
export const stepUpAction = z.object({
  kind: stepUpKind,
  data: z.record(z.string().max(40), z.string().max(200)).refine((data) => Object.keys(data).length <= 8, {
    message: "VALIDATION_FAILED",
  }),
});
export type StepUpAction = z.infer<typeof stepUpAction>;

export const payPasswordProof = z.object({
  method: z.literal("payPassword"),
  payPassword: z.string().max(32),
});

/** A proof: the transaction password (for users without a passkey). */
export const stepUpProof = z.discriminatedUnion("method", [payPasswordProof]);
export type StepUpProof = z.infer<typeof stepUpProof>;

export const stepUpRequest = z.object({ action: stepUpAction, proof: stepUpProof });
export type StepUpRequest = z.infer<typeof stepUpRequest>;

export const stepUpGrant = z.object({
  /** Sent once, in the STEP_UP_HEADER of the action's request. */
  token: z.string(),
  expiresAt: isoTime,
});
export type StepUpGrant = z.infer<typeof stepUpGrant>;

export const stepUpMethod = z.enum(["payPassword", "passkey"]);
export type StepUpMethod = z.infer<typeof stepUpMethod>;

/** Which proof this user gives: a passkey once they have one, the transaction password until then. */
export const stepUpMethods = z.object({ method: stepUpMethod });
export type StepUpMethods = z.infer<typeof stepUpMethods>;
