import { verificationPhotoUpload, verificationStatus, verificationSubmitRequest } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireSignedInUser, signedInUser } from "../auth";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { readSingleUpload } from "../platform/single-upload";
import { photoByTicket } from "./photo-links";
import { PHOTO_UPLOAD, storeVerificationPhoto } from "./photos";
import { submitVerification, type VerificationDeps, verificationStatusOf } from "./service";

const schema = routeSchemas({ tags: ["verification"], signedIn: true, errors: [400, 401, 403, 409, 413] });

/** A photo link, opened by an <img>: no session header, the ticket in the address is the credential. */
export function verificationPhotoRoutes(
  context: RouteContext,
  deps: VerificationDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/verification/photos/:ticket",
      { schema: { tags: ["verification"], params: z.object({ ticket: z.string().max(64) }) } },
      async (request, reply) => {
        const data = await photoByTicket(
          context.db,
          deps.blobs,
          request.params.ticket,
          context.clock.now(),
          deps.operatorIdleMs,
        );
        return reply.type("image/jpeg").header("cache-control", "private, no-store").send(data);
      },
    );
  };
}

/** The user's real-name verification: its state, photo uploads, a submission. */
export function verificationRoutes(context: RouteContext, deps: VerificationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    requireSignedInUser(app, context);
    app.get(
      "/verification",
      { schema: schema({ response: { 200: verificationStatus } }) },
      async (request) => {
        const { user, tokenHash } = signedInUser(request);
        return verificationStatusOf(deps, user.id, { realm: "user", sessionTokenHash: tokenHash });
      },
    );

    app.post(
      "/verification/photos",
      { schema: schema({ consumes: ["multipart/form-data"], response: { 201: verificationPhotoUpload } }) },
      async (request, reply) => {
        const { user } = signedInUser(request);
        const data = await readSingleUpload(request, PHOTO_UPLOAD);
        const stored = await storeVerificationPhoto(
          context.db,
          deps.blobs,
          user.id,
          data,
          context.clock.now(),
        );
        return reply.status(201).send(stored);
      },
    );

    app.post(
      "/verification",
      { schema: schema({ body: verificationSubmitRequest, response: { 201: verificationStatus } }) },
      async (request, reply) => {
        const { user, tokenHash } = signedInUser(request);
        const id = await submitVerification(deps, user.id, request.body);
        void context.events.publish("verificationQueue.changed", [{ id, state: "under_review" }]);
        return reply
          .status(201)
          .send(await verificationStatusOf(deps, user.id, { realm: "user", sessionTokenHash: tokenHash }));
      },
    );
  };
}
