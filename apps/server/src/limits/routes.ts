import {
  activeBreak,
  limitKindParams,
  limitStepUp,
  lossStreakAcknowledged,
  sessionActivity,
  setLimitRequest,
  takeBreakRequest,
  userLimits,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { checkLoginPassword, endUserSessions, requireStepUp, sessionStartedAt } from "../auth";
import type { RouteContext } from "../platform/context";
import type { Executor } from "../platform/db";
import { routeSchemas } from "../platform/route-schema";
import { parseLimitValue } from "./rules";
import {
  acknowledgeLossStreak,
  cancelPendingLimit,
  type LossStreakPauseOf,
  type OpenLimits,
  setLimit,
  startBreak,
} from "./store";
import { type LimitUsage, sessionActivityView, type TradingSince, userLimitsView } from "./view";

/** What the limits' pages read of other capabilities (app.ts joins trading's and the cashier's). */
export interface LimitsDeps {
  usage(db: Executor, userId: bigint, now: Date): Promise<LimitUsage>;
  /** The user's contracts since `since`: how many, staked, and what settled ones staked and returned. */
  tradingSince(db: Executor, userId: bigint, since: Date): Promise<TradingSince>;
  /** Called in the transaction that gives a user limits for the first time. */
  openLimits: OpenLimits;
  lossStreakPause: LossStreakPauseOf;
}

const schema = routeSchemas({ tags: ["limits"], signedIn: true, errors: [400, 401, 403, 404, 409] });

/**
 * The user's own limits (ARCHITECTURE §5 "Responsible trading"): read them with what each period has
 * used, tighten at once, loosen or remove in 24 hours (or cancel that), take a break, and the reality
 * check of the session.
 */
export function limitsRoutes(context: RouteContext, deps: LimitsDeps): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const view = async (userId: bigint) => {
    const now = clock.now();
    return userLimitsView(db, userId, await deps.usage(db, userId, now), now);
  };
  return async (app) => {
    app.get("/limits", { schema: schema({ response: { 200: userLimits } }) }, async (request) =>
      view(request.user.id),
    );
    app.put(
      "/limits/:kind",
      { schema: schema({ params: limitKindParams, body: setLimitRequest, response: { 200: userLimits } }) },
      async (request) => {
        const { user } = request;
        const { kind } = request.params;
        const value = parseLimitValue(kind, request.body.value);
        const now = clock.now();
        const noticed = await db
          .transaction()
          .execute((tx) =>
            setLimit(tx, user.id, kind, value, now, deps.openLimits, () =>
              requireStepUp(tx, request, limitStepUp(kind, request.body.value), now),
            ),
          );
        if (noticed) void context.events.publish("inbox.changed", [user.id]);
        return view(user.id);
      },
    );
    app.delete(
      "/limits/:kind/pending",
      { schema: schema({ params: limitKindParams, response: { 200: userLimits } }) },
      async (request) => {
        const { user } = request;
        await db
          .transaction()
          .execute((tx) =>
            cancelPendingLimit(tx, user.id, request.params.kind, clock.now(), deps.openLimits),
          );
        return view(user.id);
      },
    );
    app.post(
      "/limits/break",
      {
        schema: {
          ...schema({ body: takeBreakRequest, response: { 200: activeBreak } }),
          description:
            "Starts a time-out (days) or self-exclusion (months), confirmed with the sign-in password. Every session of the user ends, this one included; trading, deposits and moves into savings are refused until it ends. Nobody can end it early.",
        },
      },
      async (request) => {
        const { user } = request;
        const now = clock.now();
        await checkLoginPassword(db, user, request.body.password, now, "password", "PASSWORD_WRONG");
        const { started, ended } = await db.transaction().execute(async (tx) => ({
          started: await startBreak(tx, user.id, request.body, now, deps.openLimits),
          ended: await endUserSessions(tx, user.id, now),
        }));
        await context.events.publish("sessions.ended", ended);
        void context.events.publish("inbox.changed", [user.id]);
        return started;
      },
    );
    app.post(
      "/limits/loss-streak/continue",
      {
        schema: {
          ...schema({ response: { 200: lossStreakAcknowledged } }),
          description:
            "Goes on after a loss streak paused the user's orders, once the pause is over: orders pass until a new streak of losses settled after this forms.",
        },
      },
      async (request) => {
        const acknowledgedAt = await db
          .transaction()
          .execute((tx) => acknowledgeLossStreak(tx, request.user.id, clock.now(), deps.lossStreakPause));
        return { acknowledgedAt: acknowledgedAt.toISOString() };
      },
    );
    app.get(
      "/limits/session",
      { schema: schema({ response: { 200: sessionActivity } }) },
      async (request) => {
        const { user, sessionTokenHash: tokenHash } = request;
        const startedAt = await sessionStartedAt(db, tokenHash);
        const traded = await deps.tradingSince(db, user.id, startedAt);
        return sessionActivityView(db, user.id, startedAt, traded, clock.now());
      },
    );
  };
}
