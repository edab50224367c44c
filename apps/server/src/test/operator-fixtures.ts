import type { OperatorRole } from "@tickfair/contract";
import { generateSecret, generateSync } from "otplib";
import { expect } from "vitest";
import type { App } from "../app";
import { createOperator } from "../operators/service";
import { completeOperatorSignIn, startOperatorSignIn } from "../operators/sign-in";
import type { ManualClock } from "../platform/clock";
import type { Db } from "../platform/db";

/** What signs a test operator in: the password and the authenticator's secret. */
export interface OperatorCredentials {
  username: string;
  password: string;
  secret: string;
}

export const TEST_OPERATOR_PASSWORD = "operator-pass-1";
const PERIOD_MS = 30_000;

/** An operator enrolled already (a known secret), as the demo's are. */
export async function createEnrolledOperator(
  db: Db,
  clock: ManualClock,
  input: { username: string; role: OperatorRole; password?: string },
): Promise<OperatorCredentials & { id: bigint }> {
  const password = input.password ?? TEST_OPERATOR_PASSWORD;
  const secret = generateSecret();
  const operator = await createOperator(db, clock, { ...input, password, totpSecret: secret });
  return { id: operator.id, username: input.username, password, secret };
}

/** The authenticator's code for the time step `at` falls in (or `step` itself). */
export function totpCode(secret: string, at: Date | { step: bigint }): string {
  const epoch = at instanceof Date ? Math.floor(at.getTime() / 1000) : Number(at.step) * (PERIOD_MS / 1000);
  return generateSync({ secret, epoch });
}

/**
 * A code the server takes now: the current step's, or (the server accepts one step either way) the
 * next one's when the current was used. When both were, the manual clock moves on to a step no code
 * has been taken at, as a person waits for the next code.
 */
export async function unusedTotpCode(
  db: Db,
  clock: ManualClock,
  credentials: Pick<OperatorCredentials, "username" | "secret">,
): Promise<string> {
  const row = await db
    .selectFrom("operators")
    .select("totp_last_step")
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", credentials.username.toLowerCase()))
    .executeTakeFirst();
  const current = BigInt(Math.floor(clock.now().getTime() / PERIOD_MS));
  const last = row?.totp_last_step ?? null;
  if (last === null || last < current) return totpCode(credentials.secret, { step: current });
  if (last === current) return totpCode(credentials.secret, { step: current + 1n });
  clock.advance(Number(last - current) * PERIOD_MS);
  return totpCode(credentials.secret, { step: last + 1n });
}

/** Both sign-in steps through the API; answers the bearer headers. */
export async function signInOperatorThroughApi(
  t: { app: App; db: Db; clock: ManualClock },
  credentials: OperatorCredentials,
): Promise<Record<string, string>> {
  const login = await t.app.inject({
    method: "POST",
    url: "/api/v1/operator/auth/login",
    payload: { username: credentials.username, password: credentials.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const { challenge, step } = login.json<{ challenge: string; step: string }>();
  expect(step).toBe("totp");
  const code = await unusedTotpCode(t.db, t.clock, credentials);
  const session = await t.app.inject({
    method: "POST",
    url: "/api/v1/operator/auth/second-factor",
    payload: { challenge, code },
  });
  expect(session.statusCode, session.body).toBe(200);
  return { authorization: `Bearer ${session.json<{ token: string }>().token}` };
}

/** Both sign-in steps through the services, for tests that build a part of the app only. */
export async function signInOperatorThroughService(
  db: Db,
  clock: ManualClock,
  credentials: OperatorCredentials,
): Promise<string> {
  const challenge = await startOperatorSignIn(db, clock, credentials);
  const code = await unusedTotpCode(db, clock, credentials);
  return (await completeOperatorSignIn(db, clock, { challenge: challenge.challenge, code })).token;
}
