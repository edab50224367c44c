import type { StepUpAction } from "./api/step-up";

/**
 * What the app needs of step-up at run time, without zod (the web app's bundle keeps it out): the
 * header a grant travels in, and the builders of each action's step-up, used alike by the route that
 * consumes a grant and the page that asks for it, so both bind the same data.
 */

/** The request header a step-up token travels in, on the action's own request. */
export const STEP_UP_HEADER = "step-up";

/** Ending one of the user's sessions, named by its id as the list of sessions gave it. */
export function endSessionStepUp(sessionId: string): StepUpAction {
  return { kind: "sessions.end", data: { session: sessionId } };
}

/** Ending every session of the user but the one asking. */
export function endOtherSessionsStepUp(): StepUpAction {
  return { kind: "sessions.end", data: { session: "others" } };
}
