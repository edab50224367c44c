import {
  chatHistory,
  chatHistoryQuery,
  chatMessage,
  chatRatingRequest,
  chatReadRequest,
  chatSendRequest,
  okResponse,
  userConversation,
  verificationPhotoUpload,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PHOTO_UPLOAD, storePrivatePhoto } from "../files";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { readSingleUpload } from "../platform/single-upload";
import {
  markConversationRead,
  userConversation as openConversation,
  rateConversation,
} from "./conversations";
import { chatHistory as readHistory, storedMessage, writtenMessage } from "./history";
import { supportOnline } from "./presence";
import type { ChatDeps } from "./service";
import { userConversationSummary } from "./summaries";

const schema = routeSchemas({ tags: ["chat"], signedIn: true, errors: [400, 401, 404, 409, 413, 429] });

/** The user's conversation with support: history, sending (idempotent by the client's key), read, rate. */
export function chatRoutes(context: RouteContext, deps: ChatDeps): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get("/chat", { schema: schema({ response: { 200: userConversation } }) }, async (request) => {
      const now = clock.now();
      const support = { hours: deps.serviceHours(now), online: await supportOnline(db, now) };
      return userConversationSummary(db, request.user.id, now, support);
    });
    app.get(
      "/chat/messages",
      { schema: schema({ querystring: chatHistoryQuery, response: { 200: chatHistory } }) },
      async (request) => {
        const { user, sessionTokenHash: tokenHash } = request;
        const conversation = await openConversation(db, user.id, clock.now());
        const holder = { realm: "user" as const, sessionTokenHash: tokenHash };
        return readHistory(db, conversation.id, "user", holder, request.query, clock.now());
      },
    );
    app.post(
      "/chat/messages",
      { schema: schema({ body: chatSendRequest, response: { 200: chatMessage, 201: chatMessage } }) },
      async (request, reply) => {
        const { user, sessionTokenHash: tokenHash } = request;
        const stored = await deps.userMessages.send(user.id, request.body);
        const holder = { realm: "user" as const, sessionTokenHash: tokenHash };
        if (!stored.created) {
          // A resend of a message stored before: the message as it was stored, not as resent.
          const earlier = await storedMessage(
            db,
            stored.conversationId,
            stored.seq,
            "user",
            holder,
            stored.at,
          );
          return reply.status(200).send(earlier);
        }
        deps.announceMessage(stored, "user");
        const { photoId, body, clientKey } = request.body;
        const written = {
          seq: stored.seq,
          author: "user" as const,
          username: null,
          body,
          photo_id: photoId ?? null,
          client_key: clientKey,
          at: stored.at,
        };
        return reply.status(201).send(await writtenMessage(db, written, "user", holder));
      },
    );
    app.post(
      "/chat/photos",
      { schema: schema({ consumes: ["multipart/form-data"], response: { 201: verificationPhotoUpload } }) },
      async (request, reply) => {
        const { user } = request;
        const data = await readSingleUpload(request, PHOTO_UPLOAD);
        return reply.status(201).send(await storePrivatePhoto(db, deps.blobs, user.id, data, clock.now()));
      },
    );
    app.post(
      "/chat/read",
      { schema: schema({ body: chatReadRequest, response: { 200: okResponse } }) },
      async (request) => {
        const { user } = request;
        const conversation = await openConversation(db, user.id, clock.now());
        const seq = await markConversationRead(db, conversation.id, "user", BigInt(request.body.seq));
        deps.announceRead({ conversationId: conversation.id, userId: user.id, side: "user", seq });
        return { ok: true as const };
      },
    );
    app.post(
      "/chat/rating",
      { schema: schema({ body: chatRatingRequest, response: { 200: okResponse } }) },
      async (request) => {
        const { user } = request;
        await rateConversation(db, user.id, request.body.rating);
        const conversation = await openConversation(db, user.id, clock.now());
        deps.announceChange({ conversationId: conversation.id, userId: user.id });
        return { ok: true as const };
      },
    );
  };
}
