import {
  idParams,
  okResponse,
  passkeyAddOptionsResponse,
  passkeyAddRequest,
  passkeyAddStepUp,
  passkeyInfo,
  passkeyList,
  passkeyRemoveStepUp,
  passkeyRenameRequest,
  passkeySignInOptions,
  passkeySignInRequest,
  sessionResponse,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { AppError } from "../platform/errors";
import { requireRelyingParty } from "../platform/relying-party";
import { routeSchemas } from "../platform/route-schema";
import { newSessionAnswer } from "../platform/sign-in";
import { hashToken, newToken } from "../platform/tokens";
import { sessionClient } from "./device";
import { authSettings } from "./guard";
import {
  keepPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
  verifyAssertion,
  verifyRegistration,
} from "./passkeys";
import { toUserInfo } from "./service";
import { openUserSession } from "./sessions";
import { requireStepUp } from "./step-up";

// 400 PASSKEYS_UNAVAILABLE / PASSKEY_NOT_VERIFIED, 403 STEP_UP_REQUIRED, 404 PASSKEY_NOT_FOUND.
const schema = routeSchemas({ tags: ["auth"], signedIn: true, errors: [400, 401, 403, 404] });
// 423 SIGN_IN_LOCKED: an operator locked the account.
const openSchema = routeSchemas({ tags: ["auth"], signedIn: false, errors: [400, 423, 429] });

/** The signed-in user's passkeys: listed, added (with a step-up), renamed and removed (with a step-up). */
export function passkeyRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const publicUrl = context.config.PUBLIC_URL;
  return async (app) => {
    app.get("/me/passkeys", { schema: schema({ response: { 200: passkeyList } }) }, async (request) => ({
      items: await listPasskeys(db, request.user.id),
    }));

    app.post(
      "/me/passkeys/options",
      { schema: schema({ response: { 200: passkeyAddOptionsResponse } }) },
      async (request) => {
        const rp = requireRelyingParty(publicUrl, request);
        const options = await registrationOptions(
          db,
          rp,
          request.user,
          request.sessionTokenHash,
          clock.now(),
        );
        return { options };
      },
    );

    app.post(
      "/me/passkeys",
      {
        schema: {
          ...schema({ body: passkeyAddRequest, response: { 201: passkeyInfo } }),
          description:
            "Keeps a new passkey from the browser's answer to POST /me/passkeys/options, with a `step-up` token for passkeyAddStepUp(name).",
        },
      },
      async (request, reply) => {
        const rp = requireRelyingParty(publicUrl, request);
        const { name, response } = request.body;
        const now = clock.now();
        const verified = await verifyRegistration(db, rp, request.sessionTokenHash, response, now);
        const added = await db.transaction().execute(async (tx) => {
          await requireStepUp(tx, request, passkeyAddStepUp(name), now);
          return keepPasskey(tx, request.user.id, name, verified, now);
        });
        void context.events.publish("inbox.changed", [request.user.id]);
        return reply.status(201).send(added);
      },
    );

    app.patch(
      "/me/passkeys/:id",
      { schema: schema({ params: idParams, body: passkeyRenameRequest, response: { 200: okResponse } }) },
      async (request) => {
        await renamePasskey(db, request.user.id, BigInt(request.params.id), request.body.name);
        return { ok: true as const };
      },
    );

    app.delete(
      "/me/passkeys/:id",
      {
        schema: {
          ...schema({ params: idParams, response: { 200: okResponse } }),
          description: "Removes a passkey, with a `step-up` token for passkeyRemoveStepUp(id).",
        },
      },
      async (request) => {
        const { id } = request.params;
        await db.transaction().execute(async (tx) => {
          const now = clock.now();
          await removePasskey(tx, request.user.id, BigInt(id), now);
          await requireStepUp(tx, request, passkeyRemoveStepUp(id), now);
        });
        void context.events.publish("inbox.changed", [request.user.id]);
        return { ok: true as const };
      },
    );
  };
}

/** Signing in with a passkey: the same session as a password sign-in gives. */
export function passkeySignInRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const publicUrl = context.config.PUBLIC_URL;
  const loginLimit = { max: context.config.LOGIN_RATE_LIMIT_PER_MINUTE, timeWindow: "1 minute" };
  return async (app) => {
    app.post(
      "/auth/passkey/options",
      {
        schema: openSchema({ response: { 200: passkeySignInOptions } }),
        config: { rateLimit: loginLimit },
      },
      async (request) => {
        const rp = requireRelyingParty(publicUrl, request);
        const { token, hash } = newToken();
        return { attempt: token, options: await signInOptions(db, rp, hash, clock.now()) };
      },
    );

    app.post(
      "/auth/passkey/login",
      {
        schema: openSchema({ body: passkeySignInRequest, response: { 200: sessionResponse } }),
        config: { rateLimit: loginLimit },
      },
      async (request) => {
        const rp = requireRelyingParty(publicUrl, request);
        const { attempt, response } = request.body;
        const now = clock.now();
        const binding = { purpose: "sign_in" as const, attemptHash: hashToken(attempt) };
        const userId = await verifyAssertion(db, rp, binding, response, now);
        const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
        if (!user) throw new AppError("PASSKEY_UNKNOWN");
        const client = sessionClient(request);
        const session = await db
          .transaction()
          .execute((tx) => openUserSession(tx, authSettings(context), user, client, now));
        if (session.newDevice) void context.events.publish("inbox.changed", [session.user.id]);
        return { ...newSessionAnswer(session), user: toUserInfo(session.user) };
      },
    );
  };
}
