import { parseArgs } from "node:util";
import {
  type LedgerCheckQuery,
  type LedgerCheckReport,
  ledgerCheckReport,
  operatorLoginChallenge,
  operatorSessionResponse,
} from "@tickfair/contract";
import { type DataDirHold, holdFilePath } from "../platform/data-dir-hold";

export const USERNAME_VARIABLE = "LEDGER_CHECK_USERNAME";
export const PASSWORD_VARIABLE = "LEDGER_CHECK_PASSWORD";
export const CODE_VARIABLE = "LEDGER_CHECK_TOTP_CODE";

/** Exit codes of `npm run ledger:check`: 1 is kept for a ledger that fails its check. */
export const EXIT_HOLDS = 0;
export const EXIT_VIOLATIONS = 1;
export const EXIT_NOT_CHECKED = 2;

export interface OperatorCredentials {
  username: string;
  password: string;
  /** The six digits the operator's authenticator shows now (operators sign in with a second factor). */
  code: string;
}

export type LedgerCheckPlan =
  | { kind: "direct" }
  | { kind: "server"; url: string; credentials: OperatorCredentials }
  | { kind: "refuse"; message: string };

/** Every flag `npm run ledger:check` takes, so each reader refuses any other. */
function readFlags(args: readonly string[]) {
  return parseArgs({
    args: [...args],
    options: {
      username: { type: "string" },
      password: { type: "string" },
      code: { type: "string" },
      full: { type: "boolean" },
    },
    strict: true,
  }).values;
}

/** An admin operator's sign-in from `--username`/`--password`/`--code`, or else the three variables. */
export function readCredentials(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Partial<OperatorCredentials> {
  const values = readFlags(args);
  const pick = (flag: string | undefined, variable: string) => flag || env[variable] || undefined;
  return {
    username: pick(values.username, USERNAME_VARIABLE),
    password: pick(values.password, PASSWORD_VARIABLE),
    code: pick(values.code, CODE_VARIABLE),
  };
}

/** `--full` reads the whole ledger; the routine check reads what came after the newest checkpoint. */
export function readScope(args: readonly string[]): LedgerCheckQuery["scope"] {
  return readFlags(args).full ? "full" : "checkpoint";
}

/**
 * How to check: directly on PostgreSQL or on an embedded database no server holds; through the holding
 * server's operator API when given a sign-in; otherwise not at all, since opening a held embedded
 * database from a second process reads what the server has not written back yet.
 */
export function planLedgerCheck(input: {
  databaseUrl?: string;
  dataDir: string;
  hold: DataDirHold | null;
  credentials: Partial<OperatorCredentials>;
}): LedgerCheckPlan {
  if (input.databaseUrl || !input.hold) return { kind: "direct" };
  const { username, password, code } = input.credentials;
  if (username && password && code)
    return { kind: "server", url: input.hold.url, credentials: { username, password, code } };
  const lacking = [
    username ? null : "a username",
    password ? null : "a password",
    code ? null : "an authenticator code",
  ].filter((what) => what !== null);
  const missing =
    lacking.length === 3 ? "" : ` (${lacking.join(" and ")} ${lacking.length > 1 ? "are" : "is"} missing)`;
  return {
    kind: "refuse",
    message: [
      `The embedded database in ${input.dataDir} is held by a running server (pid ${input.hold.pid}, ${input.hold.url}):`,
      "another process opening it would read data the server has not written back yet, so it was not opened.",
      `Stop the server and run this again, or check through the server as an admin operator${missing}:`,
      `  ${USERNAME_VARIABLE}=NAME ${PASSWORD_VARIABLE}=PASSWORD ${CODE_VARIABLE}=123456 npm run ledger:check`,
      "  npm run ledger:check -- --username NAME --password PASSWORD --code 123456",
      `If no server is running, remove ${holdFilePath(input.dataDir)}.`,
    ].join("\n"),
  };
}

/** Why a check through the server did not run; the message is for the person at the terminal. */
export class NotCheckedError extends Error {}

type Fetch = typeof fetch;

/**
 * Signs in to the server's operator API (password, then the authenticator's code), runs the ledger
 * check there and signs out again, so the session lives no longer than the check.
 */
export async function checkThroughServer(
  url: string,
  credentials: OperatorCredentials,
  scope: LedgerCheckQuery["scope"] = "checkpoint",
  fetchImpl: Fetch = fetch,
): Promise<LedgerCheckReport> {
  const api = `${url.replace(/\/+$/, "")}/api/v1`;
  const call = async (path: string, init: RequestInit) => {
    try {
      return await fetchImpl(`${api}${path}`, { ...init, signal: AbortSignal.timeout(120_000) });
    } catch (error) {
      throw new NotCheckedError(
        `Could not reach the server at ${url}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const json = { "content-type": "application/json" };
  const login = await call("/operator/auth/login", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: credentials.username, password: credentials.password }),
  });
  if (login.status === 401) {
    throw new NotCheckedError(`The server at ${url} refused the sign-in of ${credentials.username}.`);
  }
  if (!login.ok) throw new NotCheckedError(await failure("Signing in", login));
  const challenge = operatorLoginChallenge.parse(await login.json());
  if (challenge.step === "enrol") {
    throw new NotCheckedError(
      `${credentials.username} has no authenticator yet: sign in to the operator console once to enrol one.`,
    );
  }
  const second = await call("/operator/auth/second-factor", {
    method: "POST",
    headers: json,
    body: JSON.stringify({ challenge: challenge.challenge, code: credentials.code }),
  });
  if (second.status === 401 || second.status === 400) {
    throw new NotCheckedError(
      `The server at ${url} refused the authenticator code of ${credentials.username}: wait for the next code and try again.`,
    );
  }
  if (!second.ok) throw new NotCheckedError(await failure("Signing in", second));
  const session = operatorSessionResponse.parse(await second.json());
  const authorization = { authorization: `Bearer ${session.token}` };
  try {
    const checked = await call(`/operator/ledger/check?scope=${scope}`, {
      method: "GET",
      headers: authorization,
    });
    if (checked.status === 403) {
      throw new NotCheckedError(
        `${session.operator.username} is a ${session.operator.role} operator; checking the ledger needs an admin.`,
      );
    }
    if (!checked.ok) throw new NotCheckedError(await failure("The check", checked));
    return ledgerCheckReport.parse(await checked.json());
  } finally {
    await call("/operator/auth/logout", { method: "POST", headers: authorization }).catch(() => undefined);
  }
}

async function failure(what: string, response: Response): Promise<string> {
  const body: unknown = await response.json().catch(() => null);
  const error = typeof body === "object" && body !== null && "error" in body ? body.error : null;
  const message =
    typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
      ? `: ${error.message}`
      : "";
  return `${what} failed with HTTP ${response.status}${message}`;
}

/** The summary both ways of checking print, and the exit code it means. */
export function reportLines(
  where: string,
  report: LedgerCheckReport,
): { head: string; archives: string | null; violations: string[]; verdict: string; code: number } {
  const { accounts, postings, entries } = report.counts;
  const read = report.scope === "full" ? "checked in full" : "checked since the last checkpoint";
  const files =
    report.scope === "full" ? "each read and its hashes recomputed" : "each present at its written length";
  return {
    head: `Ledger on ${where}: ${accounts} accounts, ${postings} postings, ${entries} entries, ${read} up to entry ${report.cut.entryId}`,
    archives: report.tickArchives
      ? `Tick archives: ${report.tickArchives.files} files of ${report.tickArchives.ticks} ticks, ${files}, each continuing the one before`
      : null,
    violations: report.violations.map((violation) => `VIOLATION ${violation}`),
    verdict: report.ok ? "All ledger invariants hold." : `${report.violations.length} violation(s) found.`,
    code: report.ok ? EXIT_HOLDS : EXIT_VIOLATIONS,
  };
}
