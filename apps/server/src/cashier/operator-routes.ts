import {
  cashierSettings,
  controlChange,
  depositMethod,
  depositMethodInput,
  depositMethodList,
  idParams,
  LIST_CSV_MAX_ROWS,
  LIST_FILTERS_TEXT,
  markWithdrawalPaidRequest,
  type OperatorDeposit,
  type OperatorWithdrawal,
  okResponse,
  operatorDeposit,
  operatorDepositPage,
  operatorWithdrawal,
  operatorWithdrawalPage,
  type ReviewFilters,
  rejectRequest,
  reviewFilters,
  reviewQuery,
  unbindWithdrawalAccountRequest,
} from "@tickfair/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  controlChangeDecisionRoutes,
  decideControlChange,
  type ListExport,
  listExportRoute,
  recordAudit,
} from "../audit";
import { readFile } from "../files";
import type { RouteContext } from "../platform/context";
import type { ListCsvColumns } from "../platform/list-csv";
import { requestLocale } from "../platform/request-locale";
import { operatorRouteSchemas } from "../platform/route-schema";
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
import { markWithdrawalPaid, pickUpWithdrawal, type StepOutcome } from "./withdrawal-progress";
import {
  approveWithdrawal,
  everyWithdrawal,
  listWithdrawalsForReview,
  rejectWithdrawal,
} from "./withdrawals";

const tags = ["operator cashier"];
const security = [{ bearer: [] }];
const schema = operatorRouteSchemas(tags);

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
  // Picked up or paid: no money moved, but the user's open app shows the new step, and once paid the
  // notice in their inbox (a retry that recorded nothing says nothing).
  const withdrawalStepped = (outcome: StepOutcome, options: { notice: boolean }) => {
    const userId = BigInt(outcome.withdrawal.user.id);
    if (outcome.recorded) void context.events.publish("withdrawal.updated", [userId]);
    if (outcome.recorded && options.notice) void context.events.publish("inbox.changed", [userId]);
    return outcome.withdrawal;
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
  // Both queues export alike; only the deposits' file names each method in the operator's language.
  const queueExport = <R>(
    queue: "deposits" | "withdrawals",
    columns: ListCsvColumns<R>,
    rows: (filters: ReviewFilters, request: FastifyRequest) => AsyncIterable<R>,
  ): ListExport<typeof reviewFilters, R> => ({
    list: queue,
    targetType: queue === "deposits" ? "deposit" : "withdrawal",
    tags,
    description: `The ${queue} queue with the same filters as a CSV file (UTF-8 with BOM, header in the caller's language, times in PLATFORM_TZ with their offset, amounts as decimal strings), newest first, at most ${LIST_CSV_MAX_ROWS} rows (the X-Row-Limit header). The export itself is audited.`,
    filters: reviewFilters,
    columns,
    rows,
  });
  const exportOptions = (request: FastifyRequest) => ({
    locale: requestLocale(request),
    timeZone,
    maxRows: LIST_CSV_MAX_ROWS,
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

    listExportRoute(
      app,
      context,
      queueExport("deposits", DEPOSIT_CSV_COLUMNS, (filters, request) =>
        everyDeposit(db, filters, exportOptions(request)),
      ),
    );

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

    listExportRoute(
      app,
      context,
      queueExport("withdrawals", WITHDRAWAL_CSV_COLUMNS, (filters, request) =>
        everyWithdrawal(db, filters, exportOptions(request)),
      ),
    );

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

    app.post(
      "/operator/withdrawals/:id/pick-up",
      {
        schema: schema({
          description:
            "The reviewer takes the withdrawal: its timeline shows it picked up, once (taking it again changes nothing).",
          params: idParams,
          response: { 200: operatorWithdrawal },
        }),
      },
      async (request) => {
        const { operator } = request;
        const outcome = await pickUpWithdrawal(db, clock, operator, BigInt(request.params.id));
        return withdrawalStepped(outcome, { notice: false });
      },
    );

    app.post(
      "/operator/withdrawals/:id/paid",
      {
        schema: schema({
          description:
            "Records that an approved withdrawal's money was sent, with the payment's reference: once; the same reference again answers the same, another is refused (ALREADY_PAID).",
          params: idParams,
          body: markWithdrawalPaidRequest,
          response: { 200: operatorWithdrawal },
        }),
      },
      async (request) => {
        const { operator } = request;
        const id = BigInt(request.params.id);
        const outcome = await markWithdrawalPaid(db, clock, operator, id, request.body.reference);
        return withdrawalStepped(outcome, { notice: true });
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
