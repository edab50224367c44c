import {
  contractPage,
  depositPage,
  idString,
  LIST_CSV_MAX_ROWS,
  operatorUserContractQuery,
  operatorUserDetail,
  operatorUserFilters,
  operatorUserPage,
  operatorUserPageQuery,
  operatorUserSearchQuery,
  statementPage,
  userActionRequest,
  userSession,
  userSessionPage,
  withdrawalPage,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listExportRoute } from "../audit";
import { everyUser, listUserSessions, requireUser, searchUsers } from "../auth";
import { listUserDeposits, listUserWithdrawals } from "../cashier";
import { userStatement } from "../ledger";
import type { RouteContext } from "../platform/context";
import { requestLocale } from "../platform/request-locale";
import { operatorRouteSchemas } from "../platform/route-schema";
import { listUserContracts } from "../trading";
import { lockUser, resetUserTotp, revokeSession, type UserAction, unlockUser, userDetail } from "./users";
import { USER_CSV_COLUMNS } from "./users-csv";

const schema = operatorRouteSchemas(["operator users"]);
const userParams = z.object({ id: idString });
const sessionParams = z.object({ id: idString, sessionId: idString });
/** The operators' actions on a user's sign-in: each takes a reason and answers the user's page again. */
const USER_ACTIONS: { path: string; description: string; run: UserAction }[] = [
  {
    path: "lock",
    description:
      "Locks the user's sign-in and ends their sessions; signing in then answers 423 SIGN_IN_LOCKED. Audited.",
    run: lockUser,
  },
  { path: "unlock", description: "Lifts the sign-in lock. Audited.", run: unlockUser },
  {
    path: "totp/reset",
    description:
      "Turns the user's two-step sign-in off (lost authenticator and recovery codes); 409 TOTP_NOT_ENABLED when it is off. The user is told in their inbox. Audited.",
    run: resetUserTotp,
  },
];
/** A list on the user's page, `/operator/users/:id/<list>`: the user's id, the list's query and page. */
const userListSchema = <Q extends z.ZodType, P extends z.ZodType>(
  querystring: Q,
  page: P,
  description?: string,
) => schema({ description, params: userParams, querystring, response: { 200: page } });

/**
 * The console's users: search, a user's page and lists, sessions and the sign-in
 * lock. Who may call each route is the permission table's (operators/permissions.ts): support finds
 * users, ends sessions and locks sign-in; finance reads users' money; admins do both. No route here
 * changes a balance.
 */
export function consoleUserRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const userId = (params: { id: string }) => BigInt(params.id);
  /** A list of a user who exists: an unknown user is 404, not an empty page. */
  const ofUser = async <T>(params: { id: string }, list: (id: bigint) => Promise<T>) => {
    const id = userId(params);
    await requireUser(db, id);
    return list(id);
  };

  const timeZone = context.config.PLATFORM_TZ;

  return async (app) => {
    app.get(
      "/operator/users",
      {
        schema: schema({
          description:
            "The users, newest first. `q` is an account (prefix), part of a phone number (3 or more digits), part of a real name given for verification or an account-opening code (the user's own, and the users who opened with it); `from` and `to` are days of registration in the platform's time zone, both included. The answer counts the matching users (up to LIST_TOTAL_CAP).",
          querystring: operatorUserSearchQuery,
          response: { 200: operatorUserPage },
        }),
      },
      async (request) => searchUsers(db, request.query, timeZone),
    );

    listExportRoute(app, context, {
      list: "users",
      targetType: "user",
      tags: ["operator users"],
      description: `The users with the same filters as a CSV file (UTF-8 with BOM, header in the caller's language, times in PLATFORM_TZ with their offset), newest first, at most ${LIST_CSV_MAX_ROWS} rows (the X-Row-Limit header). The export itself is audited.`,
      filters: operatorUserFilters,
      columns: USER_CSV_COLUMNS,
      rows: (filters) => everyUser(db, filters, timeZone, LIST_CSV_MAX_ROWS),
    });

    app.get(
      "/operator/users/:id",
      { schema: schema({ params: userParams, response: { 200: operatorUserDetail } }) },
      async (request) => userDetail(context, request.operator, userId(request.params)),
    );

    app.get(
      "/operator/users/:id/statement",
      {
        schema: userListSchema(
          operatorUserPageQuery,
          statementPage,
          "The user's ledger entries on all five of their accounts, newest first.",
        ),
      },
      async (request) => ofUser(request.params, (id) => userStatement(db, id, request.query)),
    );
    app.get(
      "/operator/users/:id/contracts",
      { schema: userListSchema(operatorUserContractQuery, contractPage) },
      async (request) =>
        ofUser(request.params, (id) => listUserContracts(db, id, request.query, request.query.state)),
    );
    app.get(
      "/operator/users/:id/deposits",
      { schema: userListSchema(operatorUserPageQuery, depositPage) },
      async (request) =>
        ofUser(request.params, (id) => listUserDeposits(db, id, request.query, requestLocale(request))),
    );
    app.get(
      "/operator/users/:id/withdrawals",
      { schema: userListSchema(operatorUserPageQuery, withdrawalPage) },
      async (request) => ofUser(request.params, (id) => listUserWithdrawals(db, id, request.query)),
    );
    app.get(
      "/operator/users/:id/sessions",
      { schema: userListSchema(operatorUserPageQuery, userSessionPage) },
      async (request) => ofUser(request.params, (id) => listUserSessions(db, id, request.query, clock.now())),
    );

    app.post(
      "/operator/users/:id/sessions/:sessionId/revoke",
      {
        schema: schema({
          description: "Ends the session (the user's app on it is signed out at once). Audited.",
          params: sessionParams,
          body: userActionRequest,
          response: { 200: userSession },
        }),
      },
      async (request) =>
        revokeSession(
          context,
          request.operator,
          { userId: userId(request.params), sessionId: BigInt(request.params.sessionId) },
          request.body.reason,
        ),
    );

    for (const action of USER_ACTIONS)
      app.post(
        `/operator/users/:id/${action.path}`,
        {
          schema: schema({
            description: action.description,
            params: userParams,
            body: userActionRequest,
            response: { 200: operatorUserDetail },
          }),
        },
        async (request) => action.run(context, request.operator, userId(request.params), request.body.reason),
      );
  };
}
