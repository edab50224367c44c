import {
  assignConversationRequest,
  cannedReply,
  cannedReplyInput,
  cannedReplyList,
  cannedReplyQuery,
  chatHistory,
  chatHistoryQuery,
  chatMessage,
  chatReadRequest,
  conversationListQuery,
  conversationPage,
  idParams,
  okResponse,
  operatorChatSendRequest,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { operatorRouteSchemas } from "../platform/route-schema";
import { createCannedReply, deleteCannedReply, listCannedReplies } from "./canned-replies";
import {
  assignConversation,
  conversationUserId,
  markConversationRead,
  sendOperatorMessage,
  setConversationState,
} from "./conversations";
import { chatHistory as readHistory, storedMessage } from "./history";
import type { ChatDeps } from "./service";
import { conversationPage as readConversationPage } from "./summaries";

const schema = operatorRouteSchemas(["operator chat"]);

/** The console's inbox: conversations by view, their history, answers and notes, assignment and state. */
export function chatOperatorRoutes(context: RouteContext, deps: ChatDeps): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const userOf = (conversationId: bigint) => conversationUserId(db, conversationId);
  return async (app) => {
    app.get(
      "/operator/chats",
      { schema: schema({ querystring: conversationListQuery, response: { 200: conversationPage } }) },
      async (request) => readConversationPage(db, request.operator.id, request.query),
    );
    app.get(
      "/operator/canned-replies",
      { schema: schema({ querystring: cannedReplyQuery, response: { 200: cannedReplyList } }) },
      async (request) => ({ items: await listCannedReplies(db, request.query.locale) }),
    );
    app.post(
      "/operator/canned-replies",
      { schema: schema({ body: cannedReplyInput, response: { 201: cannedReply } }) },
      async (request, reply) =>
        reply.status(201).send(await createCannedReply(db, request.operator.id, request.body, clock.now())),
    );
    app.post(
      "/operator/canned-replies/:id/delete",
      { schema: schema({ params: idParams, response: { 200: okResponse } }) },
      async (request) => {
        await deleteCannedReply(db, BigInt(request.params.id), clock.now());
        return { ok: true as const };
      },
    );
    app.get(
      "/operator/chats/:id/messages",
      { schema: schema({ params: idParams, querystring: chatHistoryQuery, response: { 200: chatHistory } }) },
      async (request) => {
        const id = BigInt(request.params.id);
        await userOf(id);
        const holder = { realm: "operator" as const, sessionTokenHash: request.sessionTokenHash };
        return readHistory(db, id, "support", holder, request.query, clock.now());
      },
    );
    app.post(
      "/operator/chats/:id/messages",
      {
        schema: schema({
          params: idParams,
          body: operatorChatSendRequest,
          response: { 200: chatMessage, 201: chatMessage },
        }),
      },
      async (request, reply) => {
        const { operator, sessionTokenHash: tokenHash } = request;
        const id = BigInt(request.params.id);
        const stored = await sendOperatorMessage(db, id, operator.id, request.body, clock.now());
        if (stored.created) deps.announceMessage(stored, request.body.note ? "note" : "support");
        // Writing in a conversation is being at the desk, even if the console's socket dropped.
        await deps.supportActive(operator.id);
        const holder = { realm: "operator" as const, sessionTokenHash: tokenHash };
        const message = await storedMessage(db, id, stored.seq, "support", holder, clock.now());
        return reply.status(stored.created ? 201 : 200).send(message);
      },
    );
    app.post(
      "/operator/chats/:id/read",
      { schema: schema({ params: idParams, body: chatReadRequest, response: { 200: okResponse } }) },
      async (request) => {
        const id = BigInt(request.params.id);
        const seq = await markConversationRead(db, id, "support", BigInt(request.body.seq));
        deps.announceRead({ conversationId: id, userId: await userOf(id), side: "support", seq });
        return { ok: true as const };
      },
    );
    app.post(
      "/operator/chats/:id/assign",
      {
        schema: schema({ params: idParams, body: assignConversationRequest, response: { 200: okResponse } }),
      },
      async (request) => {
        const id = BigInt(request.params.id);
        const { operatorId } = request.body;
        await assignConversation(db, id, operatorId === null ? null : BigInt(operatorId));
        deps.announceChange({ conversationId: id, userId: await userOf(id) });
        return { ok: true as const };
      },
    );
    for (const [action, state] of [
      ["resolve", "resolved"],
      ["reopen", "open"],
    ] as const)
      app.post(
        `/operator/chats/:id/${action}`,
        { schema: schema({ params: idParams, response: { 200: okResponse } }) },
        async (request) => {
          const id = BigInt(request.params.id);
          const userId = await setConversationState(db, id, state, clock.now());
          deps.announceChange({ conversationId: id, userId });
          return { ok: true as const };
        },
      );
  };
}
