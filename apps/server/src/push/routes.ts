import {
  idParams,
  okResponse,
  pushKey,
  pushSubscription,
  pushSubscriptionInput,
  pushSubscriptions,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { addSubscription, listSubscriptions, removeSubscription } from "./subscriptions";
import type { VapidKeys } from "./vapid";

const schema = routeSchemas({ tags: ["push"], signedIn: true, errors: [400, 401, 404] });
const publicSchema = routeSchemas({ tags: ["push"], signedIn: false, errors: [] });

/** The server's VAPID public key, which a browser subscribes with. */
export function pushKeyRoutes(keys: () => Promise<VapidKeys>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/push/key",
      {
        schema: {
          ...publicSchema({ response: { 200: pushKey } }),
          description: "The VAPID public key (base64url) for PushManager.subscribe's applicationServerKey.",
        },
      },
      async () => ({ publicKey: (await keys()).publicKey }),
    );
  };
}

/** The signed-in user's push subscriptions: this browser's opt-in, the list, and ending one. */
export function pushRoutes(context: RouteContext, keys: () => Promise<VapidKeys>): FastifyPluginAsyncZod {
  const { db, clock, config } = context;
  return async (app) => {
    app.get(
      "/me/push-subscriptions",
      {
        schema: {
          ...schema({ response: { 200: pushSubscriptions } }),
          description: "The user's push subscriptions, newest first; `current` marks this session's.",
        },
      },
      async (request) => ({
        subscriptions: await listSubscriptions(db, request.user.id, request.sessionTokenHash),
      }),
    );
    app.post(
      "/me/push-subscriptions",
      {
        schema: {
          ...schema({ body: pushSubscriptionInput, response: { 200: pushSubscription } }),
          description:
            "Subscribes this browser (PushSubscription.toJSON() and the app's language) for this session; the same endpoint again replaces it.",
        },
      },
      async (request) =>
        addSubscription(
          db,
          { userId: request.user.id, sessionTokenHash: request.sessionTokenHash },
          request.body,
          (await keys()).publicKey,
          config.PUSH_SERVICES,
          clock.now(),
        ),
    );
    app.delete(
      "/me/push-subscriptions/:id",
      {
        schema: {
          ...schema({ params: idParams, response: { 200: okResponse } }),
          description: "Ends one of the user's push subscriptions.",
        },
      },
      async (request) => {
        await removeSubscription(db, request.user.id, BigInt(request.params.id));
        return { ok: true as const };
      },
    );
  };
}
