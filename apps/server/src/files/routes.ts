import { uploadResponse } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BlobStore } from "../platform/blob-store";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { readSingleUpload } from "../platform/single-upload";
import { type HolderLive, photoByTicket } from "./photo-links";
import { readPublicDocument } from "./public-documents";
import { readPublicImage } from "./public-images";
import { FILE_UPLOAD, storePrivateImage } from "./service";

const schema = routeSchemas({ tags: ["files"], signedIn: true, errors: [400, 401, 413] });

export function filesRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/files",
      {
        schema: schema({ consumes: ["multipart/form-data"], response: { 201: uploadResponse } }),
      },
      async (request, reply) => {
        const { user } = request;
        const data = await readSingleUpload(request, FILE_UPLOAD);
        const stored = await storePrivateImage(context.db, user.id, data, context.clock.now());
        return reply.status(201).send(stored);
      },
    );
  };
}

/**
 * A photo link, opened by an <img>: no session header, the ticket in the address is the credential.
 * The address keeps the verification path it was first published under.
 */
export function photoLinkRoutes(
  context: RouteContext,
  deps: { blobs: BlobStore; holderLive: HolderLive },
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/verification/photos/:ticket",
      { schema: { tags: ["files"], params: z.object({ ticket: z.string().max(64) }) } },
      async (request, reply) => {
        const data = await photoByTicket(
          context.db,
          deps.blobs,
          request.params.ticket,
          context.clock.now(),
          deps.holderLive,
        );
        return reply.type("image/jpeg").header("cache-control", "private, no-store").send(data);
      },
    );
  };
}

/**
 * A public document (a reserves attestation), for anyone to download. Never changed once stored, so
 * it may be cached for good; sandboxed, so a document opened in the browser runs nothing of this origin.
 */
export function publicDocumentRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/documents/:id",
      { schema: { tags: ["files"], params: z.object({ id: z.string().uuid() }) } },
      async (request, reply) => {
        const document = await readPublicDocument(context.db, request.params.id);
        return reply
          .type(document.contentType)
          .header("content-disposition", `inline; filename="${document.name}"`)
          .header("content-security-policy", "sandbox")
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(document.data);
      },
    );
  };
}

/**
 * An image of the public store (banners, pop-ups), for anyone to load. Never changed once stored, so
 * it may be cached for good. Only the public store's table is read here: a private file's or a
 * verification photo's id names nothing.
 */
export function publicImageRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/images/:id",
      { schema: { tags: ["files"], params: z.object({ id: z.string().uuid() }) } },
      async (request, reply) => {
        const image = await readPublicImage(context.db, request.params.id);
        return reply
          .type(image.contentType)
          .header("cache-control", "public, max-age=31536000, immutable")
          .send(image.data);
      },
    );
  };
}
