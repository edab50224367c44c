import { uploadResponse } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSignedInUser, signedInUser } from "../auth";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { routeSchemas } from "../platform/route-schema";
import { MAX_FILE_BYTES, storePrivateImage } from "./service";

const schema = routeSchemas({ tags: ["files"], signedIn: true, errors: [400, 401, 413] });

export function filesRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignedInUser(app, context);
    app.post(
      "/files",
      {
        schema: schema({ consumes: ["multipart/form-data"], response: { 201: uploadResponse } }),
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
