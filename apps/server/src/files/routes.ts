import { errorBody, uploadResponse } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSignedInUser, signedInUser } from "../auth";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { MAX_FILE_BYTES, storePrivateImage } from "./service";

export function filesRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignedInUser(app, context);
    app.post(
      "/files",
      {
        schema: {
          tags: ["files"],
          security: [{ bearer: [] }],
          consumes: ["multipart/form-data"],
          response: { 201: uploadResponse, 400: errorBody, 401: errorBody, 413: errorBody },
        },
      },
      async (request, reply) => {
        const { user } = signedInUser(request);
        if (!request.isMultipart()) throw new AppError("FILE_INVALID");
        // A malformed multipart body (no boundary, a broken part) is the client's fault, never a 500.
        const part = await request.file({ limits: { fileSize: MAX_FILE_BYTES, files: 1 } }).catch(() => {
          throw new AppError("FILE_INVALID");
        });
        if (!part) throw new AppError("FILE_INVALID");
        const data = await part.toBuffer().catch(() => {
          throw new AppError("FILE_INVALID");
        });
        const stored = await storePrivateImage(context.db, user.id, data, context.clock.now());
        return reply.status(201).send(stored);
      },
    );
  };
}
