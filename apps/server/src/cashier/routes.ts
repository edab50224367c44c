import {
  bindWithdrawalAccountRequest,
  createDepositRequest,
  createWithdrawalRequest,
  demoTopUpRequest,
  demoTopUpResponse,
  deposit,
  depositMethodList,
  depositPage,
  fundRecordCsvQuery,
  fundRecordPage,
  fundRecordQuery,
  idParams,
  pageQuery,
  payoutStats,
  toMinor,
  withdrawal,
  withdrawalAccountResponse,
  withdrawalAccountStepUp,
  withdrawalPage,
  withdrawalQuote,
  withdrawalStepUp,
} from "@tickfair/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireStepUp } from "../auth";
import { readFile } from "../files";
import { refuseDuringBreak } from "../limits";
import type { RouteContext } from "../platform/context";
import type { Tx } from "../platform/db";
import { AppError } from "../platform/errors";
import { moveMoney as moveMoneyOnce, readIdempotencyKey } from "../platform/idempotency";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { demoTopUp } from "./demo-top-up";
import { refuseDepositPastLimits } from "./deposit-limits";
import { listDepositMethods } from "./deposit-methods";
import { createDeposit, depositProofFileId, listUserDeposits } from "./deposits";
import { fundRecordsCsv, listFundRecords } from "./fund-records";
import { announceReviewChange, type ReviewQueueChange } from "./live";
import { PAYOUT_STATS_DAYS, payoutStats as payoutStatsOf } from "./payout-stats";
import { bindWithdrawalAccount, boundAccount, toWithdrawalAccount } from "./withdrawal-accounts";
import {
  cancelWithdrawal,
  createWithdrawal,
  listUserWithdrawals,
  withdrawalQuote as quoteFor,
} from "./withdrawals";

const schema = routeSchemas({
  tags: ["cashier"],
  signedIn: true,
  errors: [400, 401, 403, 404, 409, 422, 423],
});
const security = [{ bearer: [] }];

export function cashierRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;

  /** Runs a money-moving request once per Idempotency-Key, then tells the user's open app. */
  const moveMoney = <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: bigint,
    status: number,
    work: (tx: Tx) => Promise<T>,
  ): Promise<T> => moveMoneyOnce(context, request, reply, userId, status, work);

  /** A new request, or one leaving the queue: the reviewers' consoles hear of it (a retry's replay says nothing new). */
  const queueChanged = (reply: FastifyReply, change: Omit<ReviewQueueChange, "awaitingSecondApproval">) => {
    if (reply.hasHeader("idempotent-replayed")) return;
    announceReviewChange(context.events, { ...change, awaitingSecondApproval: false });
  };

  return async (app) => {
    app.post(
      "/cashier/demo-topup",
      { schema: schema({ body: demoTopUpRequest, response: { 200: demoTopUpResponse } }) },
      async (request, reply) => {
        const { user } = request;
        if (!context.config.DEMO_MODE) throw new AppError("DEMO_MODE_ONLY");
        return moveMoney(request, reply, user.id, 200, async (tx) => {
          // Demo money is money to play with: a break closes it too.
          await refuseDuringBreak(tx, user.id, clock.now());
          return demoTopUp(tx, user.id, toMinor(request.body.amount), clock.now());
        });
      },
    );

    app.get(
      "/cashier/deposit-methods",
      { schema: schema({ response: { 200: depositMethodList } }) },
      async (request) => {
        return { items: await listDepositMethods(db, { activeOnly: true, locale: requestLocale(request) }) };
      },
    );

    app.post(
      "/cashier/deposits",
      { schema: schema({ body: createDepositRequest, response: { 201: deposit } }) },
      async (request, reply) => {
        const { user } = request;
        const now = clock.now();
        const created = await moveMoney(request, reply, user.id, 201, async (tx) => {
          const amount = toMinor(request.body.amount);
          await refuseDepositPastLimits(tx, user.id, amount, now, context.config.PLATFORM_TZ);
          return createDeposit(tx, user.id, request.body, now, requestLocale(request));
        });
        queueChanged(reply, { queue: "deposits", id: BigInt(created.id), status: created.status });
        return created;
      },
    );

    app.get(
      "/cashier/deposits",
      { schema: schema({ querystring: pageQuery, response: { 200: depositPage } }) },
      async (request) => listUserDeposits(db, request.user.id, request.query, requestLocale(request)),
    );

    app.get(
      "/cashier/deposits/:id/proof",
      { schema: { tags: ["cashier"], security, params: idParams } },
      async (request, reply) => {
        const { user } = request;
        const file = await readFile(db, await depositProofFileId(db, user.id, BigInt(request.params.id)));
        return reply.type(file.content_type).header("cache-control", "private, no-store").send(file.data);
      },
    );

    app.get(
      "/cashier/withdrawal-account",
      { schema: schema({ response: { 200: withdrawalAccountResponse } }) },
      async (request) => {
        const { user } = request;
        const row = await boundAccount(db, user.id);
        return { account: row ? toWithdrawalAccount(row) : null };
      },
    );

    app.post(
      "/cashier/withdrawal-account",
      {
        schema: schema({ body: bindWithdrawalAccountRequest, response: { 201: withdrawalAccountResponse } }),
      },
      async (request, reply) => {
        const { user, body } = request;
        const now = clock.now();
        const account = await db.transaction().execute(async (tx) => {
          await requireStepUp(tx, request, withdrawalAccountStepUp(body), now);
          return bindWithdrawalAccount(tx, user.id, body, now);
        });
        return reply.status(201).send({ account });
      },
    );

    app.get(
      "/cashier/withdrawals/quote",
      { schema: schema({ response: { 200: withdrawalQuote } }) },
      async (request) => {
        const { user } = request;
        return quoteFor(db, user, clock.now());
      },
    );

    app.post(
      "/cashier/withdrawals",
      { schema: schema({ body: createWithdrawalRequest, response: { 201: withdrawal } }) },
      async (request, reply) => {
        const { user, body } = request;
        readIdempotencyKey(request.headers["idempotency-key"]);
        // Inside the key's transaction: a retry replays before asking again, a refusal stores nothing.
        const created = await moveMoney(request, reply, user.id, 201, async (tx) => {
          const now = clock.now();
          await requireStepUp(tx, request, withdrawalStepUp(body), now);
          return createWithdrawal(tx, user.id, body, now);
        });
        queueChanged(reply, { queue: "withdrawals", id: BigInt(created.id), status: created.status });
        return created;
      },
    );

    app.post(
      "/cashier/withdrawals/:id/cancel",
      { schema: schema({ params: idParams, response: { 200: withdrawal } }) },
      async (request, reply) => {
        const { user } = request;
        const cancelled = await moveMoney(request, reply, user.id, 200, (tx) =>
          cancelWithdrawal(tx, user.id, BigInt(request.params.id), clock.now()),
        );
        queueChanged(reply, { queue: "withdrawals", id: BigInt(cancelled.id), status: cancelled.status });
        return cancelled;
      },
    );

    app.get(
      "/cashier/withdrawals",
      { schema: schema({ querystring: pageQuery, response: { 200: withdrawalPage } }) },
      async (request) => listUserWithdrawals(db, request.user.id, request.query),
    );

    app.get(
      "/cashier/fund-records",
      { schema: schema({ querystring: fundRecordQuery, response: { 200: fundRecordPage } }) },
      async (request) => listFundRecords(db, request.user.id, request.query),
    );

    app.get(
      "/cashier/fund-records.csv",
      { schema: { tags: ["cashier"], security, querystring: fundRecordCsvQuery } },
      async (request, reply) => {
        const { user } = request;
        const csv = await fundRecordsCsv(db, user.id, {
          type: request.query.type,
          locale: requestLocale(request),
          timeZone: request.query.timeZone ?? context.config.PLATFORM_TZ,
        });
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", 'attachment; filename="tickfair-fund-records.csv"')
          .header("cache-control", "private, no-store")
          .send(csv);
      },
    );
  };
}

const publicSchema = routeSchemas({ tags: ["cashier"], signedIn: false, errors: [] });

/** What anyone may read of the cashier: how long withdrawals take to be paid. */
export function cashierPublicRoutes(context: RouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/cashier/payout-stats",
      {
        schema: publicSchema({
          description: `Withdrawals requested in the last ${PAYOUT_STATS_DAYS} days: how many, how many paid, the median and 95th percentile of seconds from request to paid (nearest rank), and rejected of decided in basis points.`,
          response: { 200: payoutStats },
        }),
      },
      async () => payoutStatsOf(context.db, context.clock.now()),
    );
  };
}
