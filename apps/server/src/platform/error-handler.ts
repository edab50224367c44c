import { type ErrorCode, isErrorCode } from "@tickfair/contract";
import { errorMessage } from "@tickfair/contract/error-messages";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, fieldErrors } from "./errors";
import { requestLocale } from "./request-locale";

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  fields?: Record<string, ErrorCode>,
  details?: Readonly<Record<string, unknown>>,
) {
  const message = errorMessage(code, requestLocale(request));
  return reply
    .status(status)
    .send({ error: { code, message, ...(fields ? { fields } : {}), ...(details ? { details } : {}) } });
}

/** Turns a failed zod parse into field errors: a missing value is REQUIRED, a refined one keeps its code. */
function validationToAppError(
  error: FastifyError & {
    validation: {
      instancePath: string;
      keyword: string;
      message?: string;
      params: Record<string, unknown>;
    }[];
  },
): AppError {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
    const missing = issue.keyword === "invalid_type" && /received undefined/.test(issue.message ?? "");
    fields[field] ??= isErrorCode(issue.message) ? issue.message : missing ? "REQUIRED" : "VALIDATION_FAILED";
  }
  return fieldErrors(fields);
}

/**
 * One error shape for every failure (ARCHITECTURE §6). Bad input is a 4xx with a code; only a fault of
 * ours is a 500, logged with its stack and answered without one.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      // A code of ours that answers 5xx is a fault an operator must see, as an unexpected error is;
      // the health check's answer while the process drains is expected.
      if (error.status >= 500 && error.code !== "SERVICE_UNAVAILABLE")
        request.log.error({ err: error }, `request failed: ${error.code}`);
      return send(reply, request, error.status, error.code, error.fields, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const appError = validationToAppError(error);
      return send(reply, request, 400, appError.code, appError.fields);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(reply, request, 429, "RATE_LIMITED");
    if (status === 413) return send(reply, request, 413, "PAYLOAD_TOO_LARGE");
    if (status === 415) return send(reply, request, 415, "UNSUPPORTED_MEDIA_TYPE");
    if (status === 404) return send(reply, request, 404, "NOT_FOUND");
    if (status >= 400 && status < 500) return send(reply, request, status, "VALIDATION_FAILED");
    request.log.error({ err: error }, "request failed");
    return send(reply, request, 500, "INTERNAL");
  });
  app.setNotFoundHandler((request, reply) => send(reply, request, 404, "NOT_FOUND"));
}

/**
 * Errors Fastify meets before routing (a path that does not decode, a path parameter past its length
 * limit) would otherwise be answered in Fastify's own shape, not ours.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return send(reply, request, 404, "NOT_FOUND");
  return send(reply, request, 400, "VALIDATION_FAILED");
}
