import { inboxPage, inboxQuery, messageIdParams, unreadCount } from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import {
  unreadCount as countUnread,
  markAllRead,
  markMessageRead,
  inboxPage as readInboxPage,
} from "./inbox";

const schema = routeSchemas({ tags: ["messages"], signedIn: true, errors: [400, 401, 404] });

/** The user's system messages: broadcasts in their language, their own notices, and what they have read. */
export function messageRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/messages",
      { schema: schema({ querystring: inboxQuery, response: { 200: inboxPage } }) },
      async (request) => readInboxPage(context.db, request.user, request.query, requestLocale(request)),
    );
    app.get("/messages/unread", { schema: schema({ response: { 200: unreadCount } }) }, async (request) => ({
      unread: await countUnread(context.db, request.user),
    }));
    app.post(
      "/messages/:id/read",
      { schema: schema({ params: messageIdParams, response: { 200: unreadCount } }) },
      async (request) => {
        const { user } = request;
        await markMessageRead(context.db, user, BigInt(request.params.id), context.clock.now());
        return { unread: await countUnread(context.db, user) };
      },
    );
    app.post(
      "/messages/read-all",
      { schema: schema({ response: { 200: unreadCount } }) },
      async (request) => {
        const { user } = request;
        await markAllRead(context.db, user.id);
        return { unread: await countUnread(context.db, user) };
      },
    );
  };
}
