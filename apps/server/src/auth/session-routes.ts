import {
  endedSessions,
  endOtherSessionsStepUp,
  endSessionStepUp,
  idParams,
  mySessions,
  okResponse,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RouteContext } from "../platform/context";
import { routeSchemas } from "../platform/route-schema";
import { revokeUserSession } from "./operator-users";
import { listMySessions } from "./session-summary";
import { endOtherSessions } from "./sessions";
import { requireStepUp } from "./step-up";

// 403 STEP_UP_REQUIRED; 404 not one of the user's sessions; 409 SESSION_ALREADY_ENDED.
const schema = routeSchemas({ tags: ["auth"], signedIn: true, errors: [400, 401, 403, 404, 409] });

/**
 * The signed-in user's sessions: which devices hold one, and ending them. Ending needs a step-up, so a
 * thief holding one session cannot shut its owner out of the others. Ending the current session here
 * is allowed and is a sign-out (the phone offers "Sign out" for it instead). An ended session is refused
 * at once on every process: its row is read on every request, and "sessions.ended" closes its sockets.
 */
export function sessionRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  return async (app) => {
    app.get(
      "/me/sessions",
      {
        schema: {
          ...schema({ response: { 200: mySessions } }),
          description: "The user's live sessions, the most recently active first; `current` marks this one.",
        },
      },
      async (request) => ({
        sessions: await listMySessions(db, request.user.id, request.sessionTokenHash, clock.now()),
      }),
    );

    app.delete(
      "/me/sessions/:id",
      {
        schema: {
          ...schema({ params: idParams, response: { 200: okResponse } }),
          description: "Ends one of the user's sessions; needs a step-up for `sessions.end` of this id.",
        },
      },
      async (request) => {
        const now = clock.now();
        const { id } = request.params;
        const { tokenHash } = await db.transaction().execute(async (tx) => {
          const ended = await revokeUserSession(tx, request.user.id, BigInt(id), now);
          await requireStepUp(tx, request, endSessionStepUp(id), now);
          return ended;
        });
        await context.events.publish("sessions.ended", [tokenHash]);
        return { ok: true as const };
      },
    );

    app.post(
      "/me/sessions/end-others",
      {
        schema: {
          ...schema({ response: { 200: endedSessions } }),
          description:
            'Ends every session of the user but this one; needs a step-up for `sessions.end` of "others".',
        },
      },
      async (request) => {
        const now = clock.now();
        const ended = await db.transaction().execute(async (tx) => {
          await requireStepUp(tx, request, endOtherSessionsStepUp(), now);
          return endOtherSessions(tx, request.user.id, request.sessionTokenHash, now);
        });
        if (ended.length > 0) await context.events.publish("sessions.ended", ended);
        return { ended: ended.length };
      },
    );
  };
}
