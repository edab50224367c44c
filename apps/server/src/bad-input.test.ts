import {
  type CashierSettings,
  ERROR_CODES,
  fromMinor,
  toMinor,
  type VerificationStatus,
} from "@tickfair/contract";
import type { HTTPMethods } from "fastify";
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { createDocument } from "./content";
import {
  type Case,
  casesFor,
  type Fixtures,
  type OpenApiDocument,
  operationsOf,
} from "./test/bad-input-cases";
import { isRecord, setExamples } from "./test/bad-input-values";
import { BANK_CARD, bankMethod, bindBankCard, key, postWithdrawal } from "./test/cashier-fixtures";
import { INVITE, newRegistration, registerAndLogin } from "./test/fixtures";
import { useTestApp } from "./test/harness";
import { cannedReplyBy, conversationWith, noticeFor, scheduledBroadcast } from "./test/message-fixtures";
import { livePopup } from "./test/notice-fixtures";
import {
  createEnrolledOperator,
  type OperatorCredentials,
  signInOperatorThroughApi,
} from "./test/operator-fixtures";
import { openContract } from "./test/trading-fixtures";
import { submitVerificationThroughApi } from "./test/verification-fixtures";

/**
 * Bad input on every operation (ARCHITECTURE §6: a 4xx with a code, never a 5xx, and nothing changes),
 * generated from the OpenAPI document the app serves, so an operation added later is covered without a
 * case written for it. Each parameter and body property gets values malformed for its declared type
 * (a fixed catalogue plus fast-check samples, seeded), while everything else in the request is valid
 * and names the actor's own records, so the malformed part is the only fault.
 *
 * A case "must reject" (4xx with an error body) or, where the document cannot tell that an operation
 * reads the part sent, "must survive" (no 5xx, an error body if refused): stray query parameters on an
 * operation that declares none, and a text or multipart body on an operation that declares no body
 * (Fastify's parsers accept those without reading them, and POST /files declares its upload nowhere).
 */

const t = useTestApp();

// ── Fixtures: a user with money, a bound card, a deposit, a withdrawal, an open contract ──────────

const PASSWORD = "secret-pass1";
const PAY_PASSWORD = "246810";
const fx = {} as Fixtures;
let account = "";
/** The operator whose operations run; the snapshots read as another, so signing out everywhere blinds none. */
let actingOperator: OperatorCredentials;
/** Sessions only the snapshots use, so a case that ends its actor's session cannot blind them. */
const observer = { user: {} as Record<string, string>, operator: {} as Record<string, string> };

async function post(auth: Record<string, string>, url: string, payload: object): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url,
    payload,
    headers: { ...auth, "idempotency-key": key() },
  });
  if (response.statusCode >= 300) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string }>().id;
}

async function signIn(realm: "user" | "operator"): Promise<Record<string, string>> {
  if (realm === "operator") return signInOperatorThroughApi(t, actingOperator);
  const login = await t.app.inject({
    method: "POST",
    url: "/api/v1/auth/login",
    payload: { account, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`user sign-in answered ${login.statusCode}: ${login.body}`);
  return { authorization: `Bearer ${login.json<{ token: string }>().token}` };
}

beforeAll(async () => {
  const method = await bankMethod(t);
  fx.methodId = method.id;
  fx.symbol = "BTC-USDT";
  const user = await registerAndLogin(t);
  account = user.registration.account;
  fx.userId = String(user.userId);
  await post(user.auth, "/api/v1/cashier/demo-topup", { amount: "1000.00" });
  await bindBankCard(t.app, user.auth, PAY_PASSWORD);
  fx.depositId = await post(user.auth, "/api/v1/cashier/deposits", {
    methodId: method.id,
    amount: "20.00",
    reference: "bad input",
  });
  const withdrawal = await postWithdrawal(t.app, user.auth, { amount: "10.00", payPassword: PAY_PASSWORD });
  if (withdrawal.statusCode !== 201)
    throw new Error(`withdrawal answered ${withdrawal.statusCode}: ${withdrawal.body}`);
  fx.withdrawalId = withdrawal.json<{ id: string }>().id;
  fx.contractId = await openContract(t, (order) => post(user.auth, "/api/v1/trading/contracts", order));
  // Opened on its first read: later reads, and a reset at its starting units, change nothing.
  await t.app.inject({ method: "GET", url: "/api/v1/practice/account", headers: user.auth });
  const verifying = await submitVerificationThroughApi(t.app, user.auth);
  if (verifying.statusCode !== 201)
    throw new Error(`verification answered ${verifying.statusCode}: ${verifying.body}`);
  fx.photoTicket = verifying.json<VerificationStatus>().photos?.front.url.split("/").pop() ?? "";
  const submission = await t.db
    .selectFrom("verifications")
    .select("id")
    .where("user_id", "=", user.userId)
    .executeTakeFirstOrThrow();
  fx.verificationId = String(submission.id);
  fx.articleId = String(
    await createDocument(t.db, t.clock, null, {
      kind: "news",
      translations: { "zh-CN": { title: "新闻", summary: "", body: "正文" } },
      publishAt: null,
      reason: "bad input",
    }),
  );
  fx.popupId = await livePopup(t, "bad input");

  const admin = await createEnrolledOperator(t.db, t.clock, { username: "bad_input_admin", role: "admin" });
  actingOperator = admin;
  fx.messageId = await noticeFor(t, user.userId);
  fx.conversationId = await conversationWith(t, user.auth);
  fx.broadcastId = await scheduledBroadcast(t, admin.id);
  fx.cannedReplyId = await cannedReplyBy(t, admin.id);
  observer.user = await signIn("user");
  observer.operator = await signInOperatorThroughApi(
    t,
    await createEnrolledOperator(t.db, t.clock, { username: "bad_input_observer", role: "admin" }),
  );
  // An operator for the operators' routes to name, and a role change for it waiting for an admin.
  const target = await createEnrolledOperator(t.db, t.clock, {
    username: "bad_input_target",
    role: "finance",
  });
  fx.operatorId = String(target.id);
  const roleChange = await t.app.inject({
    method: "PATCH",
    url: `/api/v1/operator/operators/${target.id}`,
    payload: { role: "admin" },
    headers: observer.operator,
  });
  if (roleChange.statusCode !== 202)
    throw new Error(`role change answered ${roleChange.statusCode}: ${roleChange.body}`);
  fx.roleChangeId = roleChange.json<{ id: string }>().id;
  // A weaker threshold is only proposed: a pending change for the approve and reject operations.
  const settings = await t.app.inject({
    method: "GET",
    url: "/api/v1/operator/cashier-settings",
    headers: observer.operator,
  });
  const current = settings.json<CashierSettings>();
  const proposal = await t.app.inject({
    method: "PUT",
    url: "/api/v1/operator/cashier-settings",
    payload: {
      ...current,
      depositSecondApprovalAbove: fromMinor(toMinor(current.depositSecondApprovalAbove) + 100_000n),
    },
    headers: { ...observer.operator, "idempotency-key": key() },
  });
  if (proposal.statusCode !== 202)
    throw new Error(`settings proposal answered ${proposal.statusCode}: ${proposal.body}`);
  fx.settingsChangeId = proposal.json<{ id: string }>().id;
  // A product's cap raised by another admin: a pending loosening for the caps' approve and reject.
  for (const up of ["100.00", "200.00"]) {
    const caps = await t.app.inject({
      method: "PUT",
      url: `/api/v1/operator/risk/caps/${fx.symbol}`,
      payload: { up, down: null, perUser: null, reason: "bad input" },
      headers: observer.operator,
    });
    if (caps.statusCode !== (up === "100.00" ? 200 : 202))
      throw new Error(`caps change answered ${caps.statusCode}: ${caps.body}`);
    fx.capsChangeId = caps.json<{ id?: string }>().id ?? "";
  }

  setExamples({
    ...newRegistration(),
    inviteCode: INVITE,
    oldPassword: PASSWORD,
    newPassword: "secret-pass2",
    confirmPassword: "secret-pass2",
    payPassword: PAY_PASSWORD,
    username: "nobody_here",
    amount: "10.00",
    stake: "10.00",
    minStake: "1.00",
    maxStake: "1000.00",
    minAmount: "10.00",
    maxAmount: "50000.00",
    methodId: fx.methodId,
    reference: "bad input",
    proofFileId: null,
    reason: "Checked with the user by phone",
    symbol: "BTC/USDT",
    direction: "up",
    durationSeconds: 60,
    quoteSeq: "1",
    seconds: 60,
    payoutRateBps: 8500,
    ...BANK_CARD,
    network: "TRC20",
    address: `T${"a".repeat(33)}`,
    names: { "zh-CN": "银行转账", en: "Bank transfer" },
    instructions: { "zh-CN": "转账附言：您的账户号", en: "Reference: your account id" },
    withdrawalFeeFixed: "0.00",
    withdrawalFeeRateBps: 0,
    withdrawalMinAmount: "10.00",
    depositSecondApprovalAbove: "10000.00",
    status: "open",
    reopensAt: null,
    maxUses: 1,
    note: "bad input",
    challenge: "x".repeat(43),
    code: "123456",
    recoveryCode: "ABCD-EFGH-JKMN-PQRS",
    cutOff: "15:00",
    name: "张三",
    idNumber: "11010519491231002X",
    nationality: "CN",
    frontPhotoId: "00000000-0000-4000-8000-000000000001",
    backPhotoId: "00000000-0000-4000-8000-000000000002",
    text: "The photo is blurred",
    ticket: "x".repeat(32),
    kind: "news",
    translations: { "zh-CN": { title: "新闻", summary: "", body: "正文" } },
    publishAt: null,
    annualRate: "2.10",
    effectiveFrom: "2099-01-01",
    perDay: 3,
    min: "1.00",
    max: "1000.00",
    up: "500.00",
    down: null,
    perUser: "50.00",
  });
});

// ── What a user, an operator and the ledger would notice ──────────────────────────────────────────

const USER_VIEWS = [
  "/api/v1/me",
  "/api/v1/me/sessions",
  "/api/v1/me/push-subscriptions",
  "/api/v1/cashier/fund-records?limit=100",
  "/api/v1/cashier/deposits?limit=100",
  "/api/v1/cashier/withdrawals?limit=100",
  "/api/v1/cashier/withdrawal-account",
  "/api/v1/trading/contracts/open",
  "/api/v1/trading/contracts/closed?limit=100",
];
const OPERATOR_VIEWS = [
  "/api/v1/operator/cashier-settings",
  "/api/v1/operator/deposit-methods",
  "/api/v1/operator/deposits?limit=100",
  "/api/v1/operator/withdrawals?limit=100",
  "/api/v1/operator/control-changes?limit=100",
  "/api/v1/operator/risk/caps",
  "/api/v1/market/products",
];
const COUNTED_TABLES = [
  "users",
  "invite_codes",
  "accounts",
  "postings",
  "ledger_entries",
  "audit_log",
  "settings",
  "files",
  "deposit_methods",
  "deposits",
  "deposit_approvals",
  "withdrawal_accounts",
  "withdrawals",
  "contracts",
  "operators",
  "control_changes",
  "trading_exposure_caps",
];

async function snapshot(): Promise<Record<string, string>> {
  const seen: Record<string, string> = {};
  for (const [views, headers] of [
    [USER_VIEWS, observer.user],
    [OPERATOR_VIEWS, observer.operator],
  ] as const) {
    for (const url of views) {
      const response = await t.app.inject({ method: "GET", url, headers });
      seen[url] = `${response.statusCode} ${response.body}`;
    }
  }
  for (const table of COUNTED_TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.db,
    );
    seen[`rows in ${table}`] = String(rows[0]?.n);
  }
  return seen;
}

// ── Sending a case and judging the answer ─────────────────────────────────────────────────────────

function urlOf(c: Case, path: string): string {
  const { params, query, verbatim = [] } = c;
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name] ?? "";
    return verbatim.includes(name) ? value : encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

const errorCodes: readonly string[] = ERROR_CODES;

/** Why an answer is wrong for the case, or null when it is right. */
function fault(c: Case, status: number, body: string): string | null {
  if (status >= 500) return "server error";
  if (status < 400) return c.must === "reject" ? "accepted" : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return "error body is not JSON";
  }
  const error = isRecord(parsed) ? parsed.error : undefined;
  if (!isRecord(error)) return "no { error } in the body";
  if (typeof error.code !== "string" || !errorCodes.includes(error.code))
    return "error code not in ERROR_CODES";
  if (typeof error.message !== "string" || error.message === "") return "error without a message";
  return null;
}

const brief = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

// One test walks every documented operation, so its time grows with the API: it gets the time its
// few hundred operations take on a busy machine rather than the suite's default minute.
it("answers bad input on every documented operation with a 4xx and an error code, and changes nothing", async () => {
  const document = t.app.swagger() as unknown as OpenApiDocument;
  const operations = operationsOf(document);
  expect(operations.length).toBeGreaterThan(0);
  const failures: string[] = [];

  for (const operation of operations) {
    const id = `${operation.method} ${operation.path}`;
    let cases: Case[];
    try {
      cases = casesFor(operation, fx);
    } catch (error) {
      failures.push(
        `${id}: cannot build its cases: ${error instanceof Error ? error.message : String(error)}`,
      );
      continue;
    }
    // A fresh session per operation: a case that signs out takes only its own with it.
    const realm = operation.path.startsWith("/api/v1/operator/") ? "operator" : "user";
    const auth = await signIn(realm);
    const run = async (c: Case) => {
      const response = await t.app.inject({
        method: operation.method as HTTPMethods,
        url: urlOf(c, operation.path),
        headers: {
          ...auth,
          ...(operation.method === "GET" ? {} : { "idempotency-key": key() }),
          ...c.headers,
          ...(c.body?.contentType ? { "content-type": c.body.contentType } : {}),
        },
        ...(c.body ? { payload: c.body.payload } : {}),
      });
      const why = fault(c, response.statusCode, response.body);
      if (why) failures.push(`${id} — ${c.name}: ${why}: ${response.statusCode} ${brief(response.body)}`);
    };
    const before = await snapshot();
    for (const c of cases.filter((c) => c.must === "reject")) await run(c);
    const after = await snapshot();
    for (const [view, was] of Object.entries(before)) {
      if (after[view] !== was) {
        failures.push(`${id} — changed ${view}: was ${brief(was)} now ${brief(after[view] ?? "")}`);
      }
    }
    // Outside the snapshots: a case that may be accepted may do what the operation does (a sign-out is audited).
    for (const c of cases.filter((c) => c.must === "survive")) await run(c);
  }

  expect(failures).toEqual([]);
}, 240_000);
