import {
  contentDocument,
  contentDocumentInput,
  contentDocumentList,
  contentKind,
  contentVersionInput,
  idParams,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas } from "../platform/route-schema";
import { addDocumentVersion, createDocument, documentWithVersions, listDocuments } from "./documents";

const schema = operatorRouteSchemas(["operator content"]);

/** The console's content: documents with their versions; a new document or version is audited. */
export function contentOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/operator/content",
      {
        schema: schema({
          querystring: z.object({ kind: contentKind.optional() }),
          response: { 200: contentDocumentList },
        }),
      },
      async (request) => ({ items: await listDocuments(context.db, request.query.kind) }),
    );
    app.get(
      "/operator/content/:id",
      { schema: schema({ params: idParams, response: { 200: contentDocument } }) },
      async (request) => documentWithVersions(context.db, BigInt(request.params.id)),
    );
    app.post(
      "/operator/content",
      { schema: schema({ body: contentDocumentInput, response: { 201: contentDocument } }) },
      async (request, reply) => {
        const { operator } = request;
        const id = await createDocument(context.db, context.clock, operator, request.body);
        return reply.status(201).send(await documentWithVersions(context.db, id));
      },
    );
    app.post(
      "/operator/content/:id/versions",
      { schema: schema({ params: idParams, body: contentVersionInput, response: { 201: contentDocument } }) },
      async (request, reply) => {
        const { operator } = request;
        const id = BigInt(request.params.id);
        await addDocumentVersion(context.db, context.clock, operator, id, request.body);
        return reply.status(201).send(await documentWithVersions(context.db, id));
      },
    );
  };
}
