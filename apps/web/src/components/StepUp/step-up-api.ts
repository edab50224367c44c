import { STEP_UP_HEADER, type StepUpGrant, type StepUpMethods, type StepUpRequest } from "@tickfair/contract";
import { apiRequest } from "../../api/client";

/** Which proof the signed-in user gives: asked each time, as adding a passkey changes it. */
export function readStepUpMethod(): Promise<StepUpMethods> {
  return apiRequest<StepUpMethods>("/v1/me/step-up", { auth: true });
}

/** Checks a proof and answers a token for the one action named. */
export function requestStepUp(body: StepUpRequest): Promise<StepUpGrant> {
  return apiRequest<StepUpGrant>("/v1/me/step-up", { method: "POST", body, auth: true });
}

/** The header that carries a granted token on the action's own request. */
export function stepUpHeaders(token: string): Record<string, string> {
  return { [STEP_UP_HEADER]: token };
}
