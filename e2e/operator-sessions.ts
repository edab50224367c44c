import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import type { OperatorInfo, OperatorSessionResponse } from "@tickfair/contract";
import { generate } from "otplib";

export interface OperatorLogin {
  username: string;
  password: string;
  totpSecret: string;
}

export interface OperatorSession {
  token: string;
  operator: OperatorInfo;
}

const PERIOD_SECONDS = 30;
// What the run has taken so far, in files: a failed test restarts the worker process, and the server
// remembers used codes (and keeps sessions) for the whole run. Playwright empties test-results/ as a run
// starts, as the journeys' server starts on an empty database.
const stateDir = path.resolve(import.meta.dirname, "../test-results");
const stepsFile = path.join(stateDir, ".totp-steps.json");
const sessionsFile = path.join(stateDir, ".operator-sessions.json");

function readJson<T>(file: string): Record<string, T> {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, T>;
  } catch {
    return {};
  }
}

function writeJson<T>(file: string, value: Record<string, T>): void {
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value));
}

const STALE_LOCK_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` while holding the lock `name` among the run's worker processes (a directory only one of
 * them can create), so two journeys running at once never take the same step or both sign in.
 */
async function whileLocked<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(stateDir, `.${name}.lock`);
  fs.mkdirSync(stateDir, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A worker stopped while holding it (a test's timeout) never lets go: past any holder's wait for the
      // next authenticator window, the lock is taken over.
      const since = fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - since > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * An authenticator code for `secret` the server has not taken yet. A code is refused once used for
 * the rest of its 30 s window: each call takes the next unused time step, at most one step ahead of now
 * (the server's tolerance for a phone's clock), waiting for the next window when both are used.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const taken = await whileLocked("totp", async (): Promise<{ code: string } | { waitMs: number }> => {
      const steps = readJson<number>(stepsFile);
      const current = Math.floor(Date.now() / 1000 / PERIOD_SECONDS);
      const step = Math.max(current, (steps[secret] ?? -1) + 1);
      if (step > current + 1) return { waitMs: (current + 1) * PERIOD_SECONDS * 1000 - Date.now() + 100 };
      writeJson(stepsFile, { ...steps, [secret]: step });
      return { code: await generate({ secret, epoch: step * PERIOD_SECONDS }) };
    });
    if ("code" in taken) return taken.code;
    await sleep(taken.waitMs);
  }
}

/** Signs an enrolled operator in through the API: the password, then the authenticator's code. */
async function signInThroughApi(request: APIRequestContext, login: OperatorLogin): Promise<OperatorSession> {
  const first = await request.post("/api/v1/operator/auth/login", {
    data: { username: login.username, password: login.password },
  });
  expect(first.ok(), await first.text()).toBe(true);
  const challenge = (await first.json()) as { step: string; challenge: string };
  expect(challenge.step).toBe("totp");
  const second = await request.post("/api/v1/operator/auth/second-factor", {
    data: { challenge: challenge.challenge, code: await freshTotpCode(login.totpSecret) },
  });
  expect(second.ok(), await second.text()).toBe(true);
  const { token, operator } = (await second.json()) as OperatorSessionResponse;
  return { token, operator };
}

/**
 * A session of the operator for the journeys that work in the console rather than test signing in:
 * the run's earlier session while the server still takes it, else a new one. Each sign-in spends a
 * 30-second authenticator step, so signing in afresh for every journey made them wait for the clock.
 */
export async function operatorSession(
  request: APIRequestContext,
  login: OperatorLogin,
): Promise<OperatorSession> {
  // Kept per server: front.journey.ts runs servers of its own.
  const origin = new URL((await request.get("/api/v1/health/live")).url()).origin;
  const key = `${login.username}@${origin}`;
  return whileLocked("operator-sessions", async () => {
    const kept = readJson<OperatorSession>(sessionsFile)[key];
    if (kept) {
      const me = await request.get("/api/v1/operator/me", {
        headers: { authorization: `Bearer ${kept.token}` },
      });
      if (me.ok()) return { token: kept.token, operator: (await me.json()) as OperatorInfo };
    }
    const session = await signInThroughApi(request, login);
    writeJson(sessionsFile, { ...readJson<OperatorSession>(sessionsFile), [key]: session });
    return session;
  });
}

/** Bearer headers of a signed-in operator, for what a journey sets up through the API. */
export async function operatorApiHeaders(
  request: APIRequestContext,
  login: OperatorLogin,
): Promise<Record<string, string>> {
  const { token } = await operatorSession(request, login);
  return { authorization: `Bearer ${token}` };
}
