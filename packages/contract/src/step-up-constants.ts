import type { StepUpAction } from "./api/step-up";

/**
 * What the phone needs of step-up besides its schemas, zod-free so a page that asks for a proof does
 * not load a schema library (api/step-up.ts has the schemas).
 */

/** The request header a step-up token travels in, on the action's own request. */
export const STEP_UP_HEADER = "step-up";

/** Turning two-step sign-in off: nothing to bind but the kind. */
export function totpDisableStepUp(): StepUpAction {
  return { kind: "totp.disable", data: {} };
}
