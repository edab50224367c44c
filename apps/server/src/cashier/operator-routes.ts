import {
  cashierSettings,
  controlChange,
  depositMethod,
  depositMethodInput,
  depositMethodList,
  errorBody,
  idString,
  okResponse,
  operatorDeposit,
  operatorDepositPage,
  operatorWithdrawal,
  operatorWithdrawalPage,
  rejectControlChangeRequest,
  rejectRequest,
  reviewQuery,
  unbindWithdrawalAccountRequest,
} from "@tickfair/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { readFile } from "../files";
import { decideControlChange, recordAudit, requireSignedInOperator, signedInOperator } from "../operators";
import type { RouteContext } from "../platform/context";
import { listDepositMethods, saveDepositMethod } from "./deposit-methods";
import { confirmDeposit, depositProofFileId, listDepositsForReview, rejectDeposit } from "./deposits";
import { cashierSettingsControl, changeCashierSettings, readCashierSettings } from "./settings";
import { unbindWithdrawalAccount } from "./withdrawal-accounts";
import { approveWithdrawal, listWithdrawalsForReview, rejectWithdrawal } from "./withdrawals";

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const security = [{ bearer: [] }];
const idParams = z.object({ id: idString });
const FINANCE = ["finance", "admin"] as const;
const SUPPORT = ["support", "admin"] as const;

/** Operator review of deposits and withdrawals, and the cashier's configuration. Every action is audited. */
export function cashierOperatorRoutes(context: RouteContext): FastifyPluginAsyncZod {
  const { db, clock } = context;
  const tags = ["operator cashier"];

  return async (app) => {
    requireSignedInOperator(app, context);
    app.get(
      "/operator/deposits",
      {
        config: { operatorRoles: FINANCE },
        schema: {
          tags,
          security,
          querystring: reviewQuery,
          response: { 200: operatorDepositPage, ...errors },
        },
      },
      async (request) => {
        return listDepositsForReview(db, request.query.status, request.query.cursor, request.query.limit);
      },
    );

    // The payment proof a reviewer checks before confirming; a user's private image, so each view is audited.
    app.get(
      "/operator/deposits/:id/proof",
      { config: { operatorRoles: FINANCE }, schema: { tags, security, params: idParams } },
      async (request, reply) => {
        const { operator } = signedInOperator(request);
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
      {
        config: { operatorRoles: FINANCE },
        schema: {
          tags,
          security,
          params: idParams,
          response: { 200: operatorDeposit, 202: operatorDeposit, ...errors },
        },
      },
      async (request, reply) => {
        const { operator } = signedInOperator(request);
        const outcome = await confirmDeposit(db, clock, operator, BigInt(request.params.id));
        if (outcome.state === "confirmed") void context.events.publish("account.changed", [outcome.userId]);
        return reply.status(outcome.state === "confirmed" ? 200 : 202).send(outcome.deposit);
      },
    );

    app.post(
      "/operator/deposits/:id/reject",
      {
        config: { operatorRoles: FINANCE },
        schema: {
          tags,
          security,
          params: idParams,
          body: rejectRequest,
          response: { 200: operatorDeposit, ...errors },
        },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        return rejectDeposit(db, clock, operator, BigInt(request.params.id), request.body.reason);
      },
    );

    app.get(
      "/operator/withdrawals",
      {
        config: { operatorRoles: FINANCE },
        schema: {
          tags,
          security,
          querystring: reviewQuery,
          response: { 200: operatorWithdrawalPage, ...errors },
        },
      },
      async (request) => {
        return listWithdrawalsForReview(db, request.query.status, request.query.cursor, request.query.limit);
      },
    );

    app.post(
      "/operator/withdrawals/:id/approve",
      {
        config: { operatorRoles: FINANCE },
        schema: { tags, security, params: idParams, response: { 200: operatorWithdrawal, ...errors } },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        const result = await approveWithdrawal(db, clock, operator, BigInt(request.params.id));
        void context.events.publish("account.changed", [BigInt(result.user.id)]);
        return result;
      },
    );

    app.post(
      "/operator/withdrawals/:id/reject",
      {
        config: { operatorRoles: FINANCE },
        schema: {
          tags,
          security,
          params: idParams,
          body: rejectRequest,
          response: { 200: operatorWithdrawal, ...errors },
        },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        const result = await rejectWithdrawal(
          db,
          clock,
          operator,
          BigInt(request.params.id),
          request.body.reason,
        );
        void context.events.publish("account.changed", [BigInt(result.user.id)]);
        return result;
      },
    );

    app.delete(
      "/operator/users/:id/withdrawal-account",
      {
        config: { operatorRoles: SUPPORT },
        schema: {
          tags,
          security,
          params: idParams,
          body: unbindWithdrawalAccountRequest,
          response: { 200: okResponse, ...errors },
        },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        await unbindWithdrawalAccount(db, clock, operator, BigInt(request.params.id), request.body.reason);
        return { ok: true as const };
      },
    );

    app.get(
      "/operator/deposit-methods",
      {
        config: { operatorRoles: FINANCE },
        schema: { tags, security, response: { 200: depositMethodList, ...errors } },
      },
      async (_request) => {
        return { items: await listDepositMethods(db, { activeOnly: false }) };
      },
    );

    app.post(
      "/operator/deposit-methods",
      {
        config: { operatorRoles: FINANCE },
        schema: { tags, security, body: depositMethodInput, response: { 200: depositMethod, ...errors } },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        return saveDepositMethod(db, clock, operator, null, request.body);
      },
    );

    app.put(
      "/operator/deposit-methods/:id",
      {
        config: { operatorRoles: FINANCE },
        schema: {
          tags,
          security,
          params: idParams,
          body: depositMethodInput,
          response: { 200: depositMethod, ...errors },
        },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        return saveDepositMethod(db, clock, operator, BigInt(request.params.id), request.body);
      },
    );

    app.get(
      "/operator/cashier-settings",
      {
        config: { operatorRoles: FINANCE },
        schema: { tags, security, response: { 200: cashierSettings, ...errors } },
      },
      async (_request) => {
        return readCashierSettings(db);
      },
    );

    app.put(
      "/operator/cashier-settings",
      {
        config: { operatorRoles: FINANCE },
        schema: {
          tags,
          security,
          description:
            "Applies a change that weakens nothing at once (200); a weaker threshold, minimum or fee is proposed (202) and applies when another admin approves it.",
          body: cashierSettings,
          response: { 200: cashierSettings, 202: controlChange, ...errors },
        },
      },
      async (request, reply) => {
        const { operator } = signedInOperator(request);
        const outcome = await changeCashierSettings(db, clock, operator, request.body);
        if ("proposed" in outcome) return reply.status(202).send(outcome.proposed);
        return outcome.applied;
      },
    );

    app.post(
      "/operator/cashier-settings/changes/:id/approve",
      {
        config: { operatorRoles: ["admin"] },
        schema: { tags, security, params: idParams, response: { 200: controlChange, ...errors } },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        return decideControlChange(db, clock, operator, cashierSettingsControl, BigInt(request.params.id), {
          approve: true,
        });
      },
    );

    app.post(
      "/operator/cashier-settings/changes/:id/reject",
      {
        config: { operatorRoles: ["admin"] },
        schema: {
          tags,
          security,
          params: idParams,
          body: rejectControlChangeRequest,
          response: { 200: controlChange, ...errors },
        },
      },
      async (request) => {
        const { operator } = signedInOperator(request);
        return decideControlChange(db, clock, operator, cashierSettingsControl, BigInt(request.params.id), {
          approve: false,
          reason: request.body.reason,
        });
      },
    );
  };
}
