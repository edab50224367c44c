import type { StepUpGrant, StepUpMethods, StepUpRequest } from "@tickfair/contract";
import { apiRequest } from "../../api/client";

/** Which proof the signed-in user gives: asked each time, as adding a passkey changes it. */
export function readStepUpMethod(): Promise<StepUpMethods> {
  return apiRequest<StepUpMethods>("/v1/me/step-up", { auth: true });
}

/** Checks a proof and answers a token for the one action named. */
export function requestStepUp(body: StepUpRequest): Promise<StepUpGrant> {
  return apiRequest<StepUpGrant>("/v1/me/step-up", { method: "POST", body, auth: true });
}
