import { verificationPhotoUpload, verificationStatus, verificationSubmitRequest } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PHOTO_UPLOAD, storePrivatePhoto } from "../files";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { readSingleUpload } from "../platform/single-upload";
import { submitVerification, type VerificationDeps, verificationStatusOf } from "./service";

const schema = routeSchemas({ tags: ["verification"], signedIn: true, errors: [400, 401, 403, 409, 413] });

/** The user's real-name verification: its state, photo uploads, a submission. */
export function verificationRoutes(context: RouteContext, deps: VerificationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/verification",
      { schema: schema({ response: { 200: verificationStatus } }) },
      async (request) => {
        const { user, sessionTokenHash: tokenHash } = request;
        return verificationStatusOf(deps, user.id, { realm: "user", sessionTokenHash: tokenHash });
      },
    );

    app.post(
      "/verification/photos",
      { schema: schema({ consumes: ["multipart/form-data"], response: { 201: verificationPhotoUpload } }) },
      async (request, reply) => {
        const { user } = request;
        const data = await readSingleUpload(request, PHOTO_UPLOAD);
        const stored = await storePrivatePhoto(context.db, deps.blobs, user.id, data, context.clock.now());
        return reply.status(201).send(stored);
      },
    );

    app.post(
      "/verification",
      { schema: schema({ body: verificationSubmitRequest, response: { 201: verificationStatus } }) },
      async (request, reply) => {
        const { user, sessionTokenHash: tokenHash } = request;
        const id = await submitVerification(deps, user.id, request.body);
        void context.events.publish("verificationQueue.changed", [{ id, state: "under_review" }]);
        return reply
          .status(201)
          .send(await verificationStatusOf(deps, user.id, { realm: "user", sessionTokenHash: tokenHash }));
      },
    );
  };
}
