import {
  contentArticlePage,
  contentArticleQuery,
  contentPageKind,
  idString,
  publishedContent,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteContext } from "../platform/context";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { publishedArticle, publishedArticles, publishedPage } from "./published";

const schema = routeSchemas({ tags: ["content"], signedIn: false, errors: [400, 404] });

/** What anyone may read, in their language (Accept-Language) or the default one. */
export function contentRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/content/pages/:kind",
      {
        schema: schema({ params: z.object({ kind: contentPageKind }), response: { 200: publishedContent } }),
      },
      async (request) => publishedPage(context.db, request.params.kind, requestLocale(request)),
    );
    app.get(
      "/content/articles",
      { schema: schema({ querystring: contentArticleQuery, response: { 200: contentArticlePage } }) },
      async (request) => publishedArticles(context.db, request.query, requestLocale(request)),
    );
    app.get(
      "/content/articles/:id",
      { schema: schema({ params: z.object({ id: idString }), response: { 200: publishedContent } }) },
      async (request) => publishedArticle(context.db, BigInt(request.params.id), requestLocale(request)),
    );
  };
}
