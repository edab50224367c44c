import type { RecoveryCodesResponse, TotpEnrolment } from "@tickfair/contract";
import { expect } from "vitest";
import type { App } from "../app";
import type { ManualClock } from "../platform/clock";
import type { Db } from "../platform/db";
import { totpCode } from "./operator-fixtures";

const PERIOD_MS = 30_000;

/** Turns two-step sign-in on for the session `auth` carries, as the phone does; answers its secret and codes. */
export async function enrolUserTotp(
  t: { app: App; clock: ManualClock },
  auth: Record<string, string>,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await t.app.inject({ method: "POST", url: "/api/v1/me/totp", headers: auth });
  expect(started.statusCode, started.body).toBe(201);
  const { secret } = started.json<TotpEnrolment>();
  const confirmed = await t.app.inject({
    method: "POST",
    url: "/api/v1/me/totp/confirm",
    headers: auth,
    payload: { code: totpCode(secret, t.clock.now()) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json<RecoveryCodesResponse>().recoveryCodes };
}

/**
 * A code the server takes now for the user: the current step's, or the next one's when the current
 * was used; when both were, the clock moves on to a fresh step, as a person waits for the next code.
 */
export async function unusedUserTotpCode(
  db: Db,
  clock: ManualClock,
  userId: bigint,
  secret: string,
): Promise<string> {
  const row = await db
    .selectFrom("user_totp")
    .select("last_step")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const current = BigInt(Math.floor(clock.now().getTime() / PERIOD_MS));
  const last = row?.last_step ?? null;
  if (last === null || last < current) return totpCode(secret, { step: current });
  if (last === current) return totpCode(secret, { step: current + 1n });
  clock.advance(Number(last - current) * PERIOD_MS);
  return totpCode(secret, { step: last + 1n });
}
