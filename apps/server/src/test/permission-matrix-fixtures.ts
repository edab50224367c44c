import {
  type CashierSettings,
  fromMinor,
  type MySessions,
  toMinor,
  type VerificationStatus,
} from "@tickfair/contract";
import { expect } from "vitest";
import { readCashierSettings } from "../cashier/settings";
import { createDocument } from "../content";
import { bankMethod, bindBankCard, key, postWithdrawal } from "./cashier-fixtures";
import { PNG, uploadFile } from "./files";
import { ensureInviteCode, registerAndLogin } from "./fixtures";
import type { TestContext } from "./harness";
import { cannedReplyBy, conversationWith, noticeFor, scheduledBroadcast } from "./message-fixtures";
import { livePopup } from "./notice-fixtures";
import {
  createEnrolledOperator,
  type OperatorCredentials,
  signInOperatorThroughApi,
} from "./operator-fixtures";
import type { ActorName } from "./permission-probe";
import { enrolUserTotp } from "./totp-fixtures";
import { freshQuote, openContract } from "./trading-fixtures";
import { submitVerificationThroughApi } from "./verification-fixtures";

export const PASSWORD = "secret-pass1";
export const PAY_PASSWORD = "246810";
export const REASON = "Permission matrix check";

/** The ids and values the calls need, made once through the API as the owning actor would. */
export interface Fixtures {
  symbol: string;
  quoteSeq: string;
  methodId: string;
  ownDeposit: string;
  ownWithdrawal: string;
  ownContract: string;
  depositToConfirm: string;
  depositToReject: string;
  withdrawalToApprove: string;
  withdrawalToReject: string;
  withdrawalToPickUp: string;
  /** Approved by another admin: its money is to be sent. */
  withdrawalToPay: string;
  boundUserId: string;
  settings: CashierSettings;
  /** Proposals by the finance operator, so the admin deciding them is the "other admin" they need. */
  changeToApprove: string;
  changeToReject: string;
  /** Loosenings of a product's exposure caps proposed by a second admin, for the admin to decide. */
  capsChangeToApprove: string;
  capsChangeToReject: string;
  userAccount: string;
  /** A spare session of the user's, for the route that ends one. */
  ownSession: string;
  /** The operator the sign-in routes sign in, with what it takes. */
  signInOperator: OperatorCredentials;
  /** A user with two-step sign-in on, for its second step. */
  twoStepUser: { account: string; userId: bigint; secret: string };
  /** The operator the operators' routes change, and role changes a second admin proposed for it. */
  targetOperatorId: string;
  roleChangeToApprove: string;
  roleChangeToReject: string;
  /** A photo link of the user's own verification, and submissions for the reviewers to decide. */
  photoTicket: string;
  verificationToApprove: string;
  verificationToReject: string;
  /** A published news article. */
  article: string;
  /** A live pop-up notice. */
  popup: string;
  /** A notice in the user's inbox, and a broadcast scheduled far ahead. */
  ownMessage: string;
  scheduledBroadcast: string;
  /** The user's conversation with support (one message in it), and a canned reply. */
  conversation: string;
  cannedReply: string;
}

export interface Actor {
  token: string | null;
  /** A second session of the same actor, for calls that end the session they run on. */
  freshToken(): Promise<string | null>;
  /** A session of another operator of the same role (for users and anonymous, their own token). */
  ownOperatorToken(): Promise<string | null>;
}

/** How the matrix makes its actors and their resources, through the API. */
function matrixActors(t: TestContext) {
  async function userActor(): Promise<
    Actor & { account: string; userId: bigint; auth: Record<string, string> }
  > {
    const user = await registerAndLogin(t);
    const account = user.registration.account;
    return {
      token: user.token,
      ownOperatorToken: async () => user.token,
      account,
      userId: user.userId,
      auth: user.auth,
      async freshToken() {
        const login = await t.app.inject({
          method: "POST",
          url: "/api/v1/auth/login",
          payload: { account, password: PASSWORD },
        });
        return login.json<{ token: string }>().token;
      },
    };
  }

  let operatorCount = 0;

  async function operatorActor(role: "support" | "finance" | "admin"): Promise<Actor & OperatorCredentials> {
    const signIn = async (credentials: OperatorCredentials) =>
      (await signInOperatorThroughApi(t, credentials)).authorization?.slice("Bearer ".length) ?? null;
    const credentials = await createEnrolledOperator(t.db, t.clock, { username: `matrix_${role}`, role });
    return {
      ...credentials,
      token: await signIn(credentials),
      freshToken: () => signIn(credentials),
      async ownOperatorToken() {
        operatorCount += 1;
        const username = `matrix_${role}_${operatorCount}`;
        return signIn(await createEnrolledOperator(t.db, t.clock, { username, role }));
      },
    };
  }

  async function post(auth: Record<string, string>, url: string, payload?: unknown): Promise<string> {
    const response = await t.app.inject({
      method: "POST",
      url,
      headers: { ...auth, "idempotency-key": key() },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (response.statusCode >= 300)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json<{ id: string }>().id;
  }

  /** A funded user with a bound card: the owner of money the operators review. */
  async function payee() {
    const user = await userActor();
    await post(user.auth, "/api/v1/cashier/demo-topup", { amount: "1000.00" });
    await bindBankCard(t.app, user.auth, PAY_PASSWORD);
    return user;
  }

  /** A withdrawal of 10.00 the user `auth` signs in asked for, with its step-up: its id. */
  async function withdrawal(auth: Record<string, string>): Promise<string> {
    const response = await postWithdrawal(t.app, auth, { amount: "10.00", payPassword: PAY_PASSWORD });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  return { userActor, operatorActor, post, payee, withdrawal };
}

/**
 * The actors and fixtures of the permission matrix, made through the API as each owner would: a user
 * with money, deposits, withdrawals, a contract, a verification, messages and a conversation; operators
 * of each role; proposals waiting for a second operator.
 */
export async function buildMatrix(
  t: TestContext,
): Promise<{ actors: Record<ActorName, Actor>; fx: Fixtures }> {
  const actors = {} as Record<ActorName, Actor>;
  const fx = {} as Fixtures;
  const { userActor, operatorActor, post, payee, withdrawal } = matrixActors(t);
  await ensureInviteCode(t);
  const method = await bankMethod(t);
  fx.methodId = method.id;
  fx.symbol = "BTC-USDT";
  fx.settings = await readCashierSettings(t.db);

  const user = await payee();
  fx.userAccount = user.account;
  const spare = await user.freshToken();
  const spareSessions = await t.app.inject({
    method: "GET",
    url: "/api/v1/me/sessions",
    headers: { authorization: `Bearer ${spare}` },
  });
  fx.ownSession = spareSessions.json<MySessions>().sessions.find((session) => session.current)?.id ?? "";
  const uploaded = await uploadFile(t.app, user.auth, PNG);
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  fx.ownDeposit = await post(user.auth, "/api/v1/cashier/deposits", {
    methodId: method.id,
    amount: "20.00",
    reference: "with proof",
    proofFileId: uploaded.json<{ fileId: string }>().fileId,
  });
  fx.ownWithdrawal = await withdrawal(user.auth);
  // An open contract: the state a user most often looks one up in.
  fx.ownContract = await openContract(
    t,
    (order) => post(user.auth, "/api/v1/trading/contracts", order),
    fx.symbol,
  );
  fx.quoteSeq = await freshQuote(t, fx.symbol);

  const depositor = await payee();
  const deposit = { methodId: method.id, amount: "20.00", reference: "for review" };
  fx.depositToConfirm = await post(depositor.auth, "/api/v1/cashier/deposits", deposit);
  fx.depositToReject = await post(depositor.auth, "/api/v1/cashier/deposits", deposit);
  fx.withdrawalToApprove = await withdrawal((await payee()).auth);
  fx.withdrawalToReject = await withdrawal((await payee()).auth);
  fx.withdrawalToPickUp = await withdrawal((await payee()).auth);
  fx.withdrawalToPay = await withdrawal((await payee()).auth);
  fx.boundUserId = String((await payee()).userId);
  const verifying = await submitVerificationThroughApi(t.app, user.auth);
  expect(verifying.statusCode, verifying.body).toBe(201);
  const ownLinks = verifying.json<VerificationStatus>().photos;
  fx.photoTicket = ownLinks?.front.url.split("/").pop() ?? "";
  const submission = async () => {
    const submitter = await userActor();
    expect((await submitVerificationThroughApi(t.app, submitter.auth)).statusCode).toBe(201);
    const row = await t.db
      .selectFrom("verifications")
      .select("id")
      .where("user_id", "=", submitter.userId)
      .executeTakeFirstOrThrow();
    return String(row.id);
  };
  fx.verificationToApprove = await submission();
  fx.article = String(
    await createDocument(t.db, t.clock, null, {
      kind: "news",
      translations: { "zh-CN": { title: "矩阵", summary: "", body: "正文" } },
      publishAt: null,
      reason: REASON,
    }),
  );
  fx.popup = await livePopup(t, REASON);
  fx.verificationToReject = await submission();
  fx.ownMessage = await noticeFor(t, user.userId);
  fx.conversation = await conversationWith(t, user.auth);

  actors.anonymous = { token: null, freshToken: async () => null, ownOperatorToken: async () => null };
  actors.user = user;
  actors.other = await userActor();
  actors.support = await operatorActor("support");
  actors.finance = await operatorActor("finance");
  actors.admin = await operatorActor("admin");
  fx.signInOperator = await createEnrolledOperator(t.db, t.clock, {
    username: "matrix_sign_in",
    role: "support",
  });
  const twoStep = await registerAndLogin(t);
  const { secret } = await enrolUserTotp(t, twoStep.auth);
  fx.twoStepUser = { account: twoStep.registration.account, userId: twoStep.userId, secret };

  // Role changes proposed by another admin, for the matrix's admin to decide.
  const target = await createEnrolledOperator(t.db, t.clock, { username: "matrix_target", role: "finance" });
  fx.targetOperatorId = String(target.id);
  fx.scheduledBroadcast = await scheduledBroadcast(t, target.id);
  fx.cannedReply = await cannedReplyBy(t, target.id);
  const secondAdmin = await signInOperatorThroughApi(
    t,
    await createEnrolledOperator(t.db, t.clock, { username: "matrix_admin_2", role: "admin" }),
  );
  const proposeRole = async () => {
    const proposed = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/operator/operators/${target.id}`,
      payload: { role: "admin" },
      headers: secondAdmin,
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    return proposed.json<{ id: string }>().id;
  };
  const approved = await t.app.inject({
    method: "POST",
    url: `/api/v1/operator/withdrawals/${fx.withdrawalToPay}/approve`,
    headers: secondAdmin,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  fx.roleChangeToApprove = await proposeRole();
  fx.roleChangeToReject = await proposeRole();

  const financeAuth = { authorization: `Bearer ${actors.finance.token}` };
  const weaker = {
    ...fx.settings,
    depositSecondApprovalAbove: fromMinor(toMinor(fx.settings.depositSecondApprovalAbove) + 100n),
  };
  const propose = async () => {
    const proposed = await t.app.inject({
      method: "PUT",
      url: "/api/v1/operator/cashier-settings",
      payload: weaker,
      headers: { ...financeAuth, "idempotency-key": key() },
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    return proposed.json<{ id: string }>().id;
  };
  fx.changeToApprove = await propose();
  fx.changeToReject = await propose();

  const capsOf = async (up: string) => {
    const answer = await t.app.inject({
      method: "PUT",
      url: `/api/v1/operator/risk/caps/${encodeURIComponent(fx.symbol)}`,
      payload: { up, down: null, perUser: null, reason: REASON },
      headers: secondAdmin,
    });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    return answer.json<{ id?: string }>().id ?? "";
  };
  await capsOf("100.00");
  fx.capsChangeToApprove = await capsOf("200.00");
  fx.capsChangeToReject = await capsOf("300.00");

  return { actors, fx };
}
