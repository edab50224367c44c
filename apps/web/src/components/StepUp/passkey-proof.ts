import type { StepUpAction, StepUpProof } from "@tickfair/contract";

/**
 * A passkey's proof for a step-up: the assertion the browser signs for the action. The passkeys
 * feature provides it (and loads the WebAuthn library only when it is asked), so this component stays
 * light for everyone who proves with the transaction password.
 */
export type PasskeyProof = (action: StepUpAction) => Promise<StepUpProof>;

let provided: PasskeyProof | null = null;

/** Called once by the passkeys feature; useStepUp's own `passkeyProof` option overrides it. */
export function providePasskeyProof(proof: PasskeyProof): void {
  provided = proof;
}

export function providedPasskeyProof(): PasskeyProof | null {
  return provided;
}
