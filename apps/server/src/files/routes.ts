import { uploadResponse } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireSignedInUser, signedInUser } from "../auth";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { readSingleUpload } from "../platform/single-upload";
import { FILE_UPLOAD, storePrivateImage } from "./service";

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
        const data = await readSingleUpload(request, FILE_UPLOAD);
        const stored = await storePrivateImage(context.db, user.id, data, context.clock.now());
        return reply.status(201).send(stored);
      },
    );
  };
}
