import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { applyRetention, type RetentionRule } from "../platform/retention";
import { newToken } from "../platform/tokens";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { ENDED_SESSION_WINDOW_MS } from "./retention";

/**
 * The rule for users' sessions (the rest of auth's rules are in platform/retention-rules.test.ts): an
 * ended session goes after its window, but never a live one, nor the newest of a device, nor one a grant
 * or a passkey challenge still refers to.
 */

const t = useTestApp();
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
const ms = (at: Date, delta: number) => new Date(at.getTime() + delta);

let userId: bigint;
beforeAll(async () => {
  userId = (await registerAndLogin(t)).userId;
});

const rules = (): readonly RetentionRule[] => t.app.tickfair.retention.rules;
const sessionsRule = (): RetentionRule => {
  const rule = rules().find((candidate) => candidate.table === "sessions");
  if (!rule) throw new Error("no retention rule for sessions");
  return rule;
};

async function survivors(hashes: string[]): Promise<string[]> {
  const rows = await t.db.selectFrom("sessions").select("token_hash").execute();
  return hashes.filter((hash) => rows.some((row) => row.token_hash === hash)).sort();
}

describe("user sessions", () => {
  /** A session of the user on `device`, begun a year ago and ended at `endedAt` (signed out, or expired). */
  async function session(
    device: string | null,
    ended: { revokedAt?: Date; expiresAt: Date },
  ): Promise<string> {
    const { hash } = newToken();
    const createdAt = ms(t.clock.now(), -365 * DAY);
    await t.db
      .insertInto("sessions")
      .values({
        token_hash: hash,
        user_id: userId,
        created_at: createdAt,
        last_seen_at: createdAt,
        expires_at: ended.expiresAt,
        revoked_at: ended.revokedAt ?? null,
        device,
        first_address: null,
        last_address: null,
      })
      .execute();
    return hash;
  }

  const run = () => applyRetention({ db: t.db, clock: t.clock, rules: [sessionsRule()], pauseMs: 0 });
  const left = survivors;

  it("keeps ended sessions for their window, live ones, and the newest of each device", async () => {
    const now = t.clock.now();
    const cutoff = ms(now, -ENDED_SESSION_WINDOW_MS);
    const device = `Phone ${randomUUID()}`;
    const expiredPast = await session(device, { expiresAt: ms(cutoff, -SECOND) });
    const signedOutPast = await session(device, { revokedAt: ms(cutoff, -SECOND), expiresAt: ms(now, DAY) });
    const signedOutInside = await session(device, {
      revokedAt: ms(cutoff, SECOND),
      expiresAt: ms(cutoff, DAY),
    });
    const expiredInside = await session(device, { expiresAt: ms(cutoff, SECOND) });
    const live = await session(device, { expiresAt: ms(now, DAY) });
    // The only session ever opened on this one, long ended: the device stays known.
    const otherDevice = await session(`Tablet ${randomUUID()}`, { expiresAt: ms(cutoff, -100 * DAY) });
    const unnamed = await session(null, { expiresAt: ms(cutoff, -100 * DAY) });

    await run();

    expect(
      await left([expiredPast, signedOutPast, signedOutInside, expiredInside, live, otherDevice, unnamed]),
    ).toEqual([signedOutInside, expiredInside, live, otherDevice, unnamed].sort());
  });

  it("keeps a session while a grant or a passkey challenge still refers to it, then lets it go", async () => {
    const now = t.clock.now();
    const cutoff = ms(now, -ENDED_SESSION_WINDOW_MS);
    const device = `Laptop ${randomUUID()}`;
    const withGrant = await session(device, { expiresAt: ms(cutoff, -SECOND) });
    const withChallenge = await session(device, { expiresAt: ms(cutoff, -SECOND) });
    await session(device, { expiresAt: ms(now, DAY) });
    const grant = `grant-${randomUUID()}`;
    await t.db
      .insertInto("step_up_grants")
      .values({
        token_hash: grant,
        user_id: userId,
        session_token_hash: withGrant,
        kind: "withdrawal",
        action_digest: "d",
        method: "payPassword",
        created_at: ms(now, -300 * SECOND),
        expires_at: now,
        used_at: null,
      })
      .execute();
    await t.db
      .insertInto("passkey_challenges")
      .values({
        challenge: `challenge-${randomUUID()}`,
        purpose: "register",
        session_token_hash: withChallenge,
        attempt_hash: null,
        action_digest: null,
        created_at: ms(now, -60 * SECOND),
        expires_at: ms(now, 120 * SECOND),
      })
      .execute();

    await run();
    expect(await left([withGrant, withChallenge])).toEqual([withGrant, withChallenge].sort());

    // Once what referred to them has gone (the whole job, grants and challenges first), so do they.
    t.clock.advance(ENDED_SESSION_WINDOW_MS + DAY);
    await applyRetention({ db: t.db, clock: t.clock, rules: rules(), pauseMs: 0 });
    expect(await left([withGrant, withChallenge])).toEqual([]);
  });

  it("leaves a device known after its old sessions went: signing in from it again is no news", async () => {
    const user = await registerAndLogin(t);
    const login = (userAgent: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "user-agent": userAgent },
        payload: { account: user.registration.account, password: user.registration.password },
      });
    const notices = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from inbox_messages
        where user_id = ${user.userId} and kind = 'new_sign_in'`.execute(t.db);
      return rows[0]?.n ?? 0;
    };
    for (let i = 0; i < 3; i += 1) expect((await login(IPHONE_SAFARI)).statusCode).toBe(200);
    expect(await notices()).toBe(1);
    const signedOut = await t.db
      .updateTable("sessions")
      .set({ revoked_at: t.clock.now() })
      .where("user_id", "=", user.userId)
      .returning("token_hash")
      .execute();

    t.clock.advance(ENDED_SESSION_WINDOW_MS + DAY);
    await run();
    expect(await left(signedOut.map((row) => row.token_hash))).toHaveLength(2);

    expect((await login(IPHONE_SAFARI)).statusCode).toBe(200);
    expect(await notices()).toBe(1);
    expect((await login(ANDROID_CHROME)).statusCode).toBe(200);
    expect(await notices()).toBe(2);
  });
});
