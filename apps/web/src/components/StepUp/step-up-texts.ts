import type { StepUpAction } from "@tickfair/contract";

/** What the sheet says the proof is for, by the action's kind: the key under "stepUp.for". */
export type StepUpPurpose =
  | "withdrawal"
  | "bindAccount"
  | "loosenLimit"
  | "changeLoginPassword"
  | "changePayPassword"
  | "addPasskey"
  | "removePasskey"
  | "endSessions"
  | "disableTotp";

export function stepUpPurpose(action: StepUpAction): StepUpPurpose {
  switch (action.kind) {
    case "withdrawal":
      return "withdrawal";
    case "withdrawal_account.bind":
      return "bindAccount";
    case "limit.loosen":
      return "loosenLimit";
    case "password.change":
      return action.data.type === "pay" ? "changePayPassword" : "changeLoginPassword";
    case "passkey.add":
      return "addPasskey";
    case "passkey.remove":
      return "removePasskey";
    case "sessions.end":
      return "endSessions";
    case "totp.disable":
      return "disableTotp";
  }
}
