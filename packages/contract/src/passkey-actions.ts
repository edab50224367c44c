/**
 * The step-up actions of passkeys, free of zod so the app can import them: built alike by the page that
 * asks for the proof and the route that consumes it (decision 0067).
 */
import type { StepUpAction } from "./api/step-up";

/** Adding a passkey is bound to the name it gets. */
export function passkeyAddStepUp(name: string): StepUpAction {
  return { kind: "passkey.add", data: { name: name.trim() } };
}

export function passkeyRemoveStepUp(passkeyId: string): StepUpAction {
  return { kind: "passkey.remove", data: { passkeyId } };
}
