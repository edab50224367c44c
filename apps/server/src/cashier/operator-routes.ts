import {
  cashierSettings,
  controlChange,
  depositMethod,
  depositMethodInput,
  depositMethodList,
  idParams,
  LIST_CSV_MAX_ROWS,
  LIST_FILTERS_TEXT,
  type OperatorDeposit,
  type OperatorWithdrawal,
  okResponse,
  operatorDeposit,
  operatorDepositPage,
  operatorWithdrawal,
  operatorWithdrawalPage,
  rejectRequest,
  reviewFilters,
  reviewQuery,
  unbindWithdrawalAccountRequest,
} from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { controlChangeDecisionRoutes, decideControlChange, recordAudit, recordListExport } from "../audit";
import { readFile } from "../files";
import type { RouteContext } from "../platform/context";
import { sendCsv } from "../platform/csv";
import { listCsv } from "../platform/list-csv";
import { requestLocale } from "../platform/request-locale";
import { routeSchemas } from "../platform/route-schema";
import { listDepositMethods, saveDepositMethod } from "./deposit-methods";
import {
  confirmDeposit,
  depositProofFileId,
  everyDeposit,
  listDepositsForReview,
  rejectDeposit,
} from "./deposits";
import { announceReviewChange } from "./live";
import { DEPOSIT_CSV_COLUMNS, WITHDRAWAL_CSV_COLUMNS } from "./review-csv";
import { cashierSettingsControl, changeCashierSettings, readCashierSettings } from "./settings";
import { unbindWithdrawalAccount } from "./withdrawal-accounts";
import {
  approveWithdrawal,
  everyWithdrawal,
  listWithdrawalsForReview,
  rejectWithdrawal,
} from "./withdrawals";

const tags = ["operator cashier"];
const security = [{ bearer: [] }];
const schema = routeSchemas({ tags, signedIn: true, errors: [400, 401, 403, 404, 409] });

/** Operator review of deposits and withdrawals, and the cashier's configuration. Every action is audited. */
export function cashierOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  // Approved or rejected, the money leaves the user's frozen balance: their open app is told (figures
  // and the notice in their inbox), and the withdrawal leaves the queue on every reviewer's console.
  const withdrawalDecided = (withdrawal: OperatorWithdrawal) => {
    void context.events.publish("account.updated", [BigInt(withdrawal.user.id)]);
    void context.events.publish("inbox.changed", [BigInt(withdrawal.user.id)]);
    announceReviewChange(context.events, {
      queue: "withdrawals",
      id: BigInt(withdrawal.id),
      status: withdrawal.status,
      awaitingSecondApproval: false,
    });
    return withdrawal;
  };
  // Confirmed (by the first of two operators, or for good) or rejected: every reviewer's console hears
  // it, and once decided the user has a notice in their inbox.
  const depositReviewed = (deposit: OperatorDeposit) => {
    if (deposit.status !== "under_review")
      void context.events.publish("inbox.changed", [BigInt(deposit.user.id)]);
    announceReviewChange(context.events, {
      queue: "deposits",
      id: BigInt(deposit.id),
      status: deposit.status,
      awaitingSecondApproval: deposit.status === "under_review" && deposit.approvals.length > 0,
    });
    return deposit;
  };

  const timeZone = context.config.PLATFORM_TZ;
  const csvSchema = (queue: string) => ({
    tags,
    security,
    description: `The ${queue} queue with the same filters as a CSV file (UTF-8 with BOM, header in the caller's language, times in PLATFORM_TZ with their offset, amounts as decimal strings), newest first, at most ${LIST_CSV_MAX_ROWS} rows (the X-Row-Limit header). The export itself is audited.`,
    querystring: reviewFilters,
  });
  const auditExport = (request: FastifyRequest, queue: "deposits" | "withdrawals", filters: object) =>
    recordListExport(db, clock, request.operator.id, {
      action: `${queue}.export`,
      targetType: queue === "deposits" ? "deposit" : "withdrawal",
      filters,
    });

  return async (app) => {
    app.get(
      "/operator/deposits",
      {
        schema: schema({
          description: `The deposits queue, newest first: ${LIST_FILTERS_TEXT}`,
          querystring: reviewQuery,
          response: { 200: operatorDepositPage },
        }),
      },
      async (request) => listDepositsForReview(db, request.query, requestLocale(request), timeZone),
    );

    app.get("/operator/deposits.csv", { schema: csvSchema("deposits") }, async (request, reply) => {
      const options = { locale: requestLocale(request), timeZone, maxRows: LIST_CSV_MAX_ROWS };
      const rows = everyDeposit(db, request.query, options);
      await auditExport(request, "deposits", request.query);
      const file = listCsv(rows, DEPOSIT_CSV_COLUMNS, options);
      return sendCsv(reply, file, "tickfair-deposits.csv", LIST_CSV_MAX_ROWS);
    });

    // The payment proof a reviewer checks before confirming; a user's private image, so each view is audited.
    app.get(
      "/operator/deposits/:id/proof",
      { schema: { tags, security, params: idParams } },
      async (request, reply) => {
        const { operator } = request;
        const depositId = BigInt(request.params.id);
        const fileId = await depositProofFileId(db, null, depositId);
        const file = await readFile(db, fileId);
        await recordAudit(db, clock, {
          operatorId: operator.id,
          action: "deposit.proof_view",
          targetType: "deposit",
          targetId: String(depositId),
          detail: { fileId },
        });
        return reply.type(file.content_type).header("cache-control", "no-store").send(file.data);
      },
    );

    app.post(
      "/operator/deposits/:id/confirm",
      { schema: schema({ params: idParams, response: { 200: operatorDeposit, 202: operatorDeposit } }) },
      async (request, reply) => {
        const { operator } = request;
        const outcome = await confirmDeposit(
          db,
          clock,
          operator,
          BigInt(request.params.id),
          requestLocale(request),
        );
        if (outcome.state === "confirmed") void context.events.publish("account.updated", [outcome.userId]);
        depositReviewed(outcome.deposit);
        return reply.status(outcome.state === "confirmed" ? 200 : 202).send(outcome.deposit);
      },
    );

    app.post(
      "/operator/deposits/:id/reject",
      { schema: schema({ params: idParams, body: rejectRequest, response: { 200: operatorDeposit } }) },
      async (request) => {
        const { operator } = request;
        const id = BigInt(request.params.id);
        return depositReviewed(
          await rejectDeposit(db, clock, operator, id, request.body.reason, requestLocale(request)),
        );
      },
    );

    app.get(
      "/operator/withdrawals",
      {
        schema: schema({
          description: `The withdrawals queue, newest first: ${LIST_FILTERS_TEXT}`,
          querystring: reviewQuery,
          response: { 200: operatorWithdrawalPage },
        }),
      },
      async (request) => listWithdrawalsForReview(db, request.query, timeZone),
    );

    app.get("/operator/withdrawals.csv", { schema: csvSchema("withdrawals") }, async (request, reply) => {
      const options = { locale: requestLocale(request), timeZone, maxRows: LIST_CSV_MAX_ROWS };
      const rows = everyWithdrawal(db, request.query, options);
      await auditExport(request, "withdrawals", request.query);
      const file = listCsv(rows, WITHDRAWAL_CSV_COLUMNS, options);
      return sendCsv(reply, file, "tickfair-withdrawals.csv", LIST_CSV_MAX_ROWS);
    });

    app.post(
      "/operator/withdrawals/:id/approve",
      { schema: schema({ params: idParams, response: { 200: operatorWithdrawal } }) },
      async (request) => {
        const { operator } = request;
        return withdrawalDecided(await approveWithdrawal(db, clock, operator, BigInt(request.params.id)));
      },
    );

    app.post(
      "/operator/withdrawals/:id/reject",
      { schema: schema({ params: idParams, body: rejectRequest, response: { 200: operatorWithdrawal } }) },
      async (request) => {
        const { operator } = request;
        const id = BigInt(request.params.id);
        return withdrawalDecided(await rejectWithdrawal(db, clock, operator, id, request.body.reason));
      },
    );

    app.delete(
      "/operator/users/:id/withdrawal-account",
      {
        schema: schema({
          params: idParams,
          body: unbindWithdrawalAccountRequest,
          response: { 200: okResponse },
        }),
      },
      async (request) => {
        const { operator } = request;
        await unbindWithdrawalAccount(db, clock, operator, BigInt(request.params.id), request.body.reason);
        return { ok: true as const };
      },
    );

    app.get(
      "/operator/deposit-methods",
      { schema: schema({ response: { 200: depositMethodList } }) },
      async (request) => {
        return { items: await listDepositMethods(db, { activeOnly: false, locale: requestLocale(request) }) };
      },
    );

    app.post(
      "/operator/deposit-methods",
      { schema: schema({ body: depositMethodInput, response: { 200: depositMethod } }) },
      async (request) => {
        const { operator } = request;
        return saveDepositMethod(db, clock, operator, null, request.body, requestLocale(request));
      },
    );

    app.put(
      "/operator/deposit-methods/:id",
      { schema: schema({ params: idParams, body: depositMethodInput, response: { 200: depositMethod } }) },
      async (request) => {
        const { operator } = request;
        const id = BigInt(request.params.id);
        return saveDepositMethod(db, clock, operator, id, request.body, requestLocale(request));
      },
    );

    app.get(
      "/operator/cashier-settings",
      { schema: schema({ response: { 200: cashierSettings } }) },
      async (_request) => {
        return readCashierSettings(db);
      },
    );

    app.put(
      "/operator/cashier-settings",
      {
        schema: schema({
          description:
            "Applies a change that weakens nothing at once (200); a weaker threshold, minimum or fee is proposed (202) and applies when another admin approves it.",
          body: cashierSettings,
          response: { 200: cashierSettings, 202: controlChange },
        }),
      },
      async (request, reply) => {
        const { operator } = request;
        const outcome = await changeCashierSettings(db, clock, operator, request.body);
        if ("proposed" in outcome) return reply.status(202).send(outcome.proposed);
        return outcome.applied;
      },
    );

    controlChangeDecisionRoutes(app, tags, "/operator/cashier-settings/changes", (operator, id, decision) =>
      decideControlChange(db, clock, operator, cashierSettingsControl, id, decision),
    );
  };
}
