/**
 * What the app and the server need alike of step-ups, free of zod so the app can import it: the header
 * a token travels in and the actions, built identically by the app that asks for the proof and by the
 * route that consumes it (decision 0067).
 */
import type { PasswordType } from "./api/auth";
import type { BindWithdrawalAccountRequest, CreateWithdrawalRequest } from "./api/cashier";
import type { StepUpAction } from "./api/step-up";
import type { LimitKind } from "./limit-rules";

/** The request header a step-up token travels in, on the action's own request. */
export const STEP_UP_HEADER = "step-up";

/** A withdrawal of the amount exactly as the request carries it. */
export function withdrawalStepUp(body: CreateWithdrawalRequest): StepUpAction {
  return { kind: "withdrawal", data: { amount: body.amount } };
}

/** Binding a withdrawal account: where the money would go (a card number or an address) and its type. */
export function withdrawalAccountStepUp(body: BindWithdrawalAccountRequest): StepUpAction {
  return body.type === "bank"
    ? { kind: "withdrawal_account.bind", data: { type: body.type, cardNumber: body.cardNumber.trim() } }
    : {
        kind: "withdrawal_account.bind",
        data: { type: body.type, network: body.network.trim(), address: body.address.trim() },
      };
}

/** Loosening or removing (`value` null) a limit of `limitKind`. */
export function limitStepUp(limitKind: LimitKind, value: string | null): StepUpAction {
  return { kind: "limit.loosen", data: { limitKind, value: value?.trim() ?? "" } };
}

/** Changing the sign-in ("login") or transaction ("pay") password. */
export function passwordStepUp(type: PasswordType): StepUpAction {
  return { kind: "password.change", data: { type } };
}

/** Turning two-step sign-in off: nothing to bind but the kind. */
export function totpDisableStepUp(): StepUpAction {
  return { kind: "totp.disable", data: {} };
}

/** Ending one of the user's sessions, named by its id as the list of sessions gave it. */
export function endSessionStepUp(sessionId: string): StepUpAction {
  return { kind: "sessions.end", data: { session: sessionId } };
}

/** Ending every session of the user but the one asking. */
export function endOtherSessionsStepUp(): StepUpAction {
  return { kind: "sessions.end", data: { session: "others" } };
}
