import { type Solvency, type SolvencyProof, toMinor } from "@tickfair/contract";
import { errorMessage } from "@tickfair/contract/error-messages";
import { leafNode, sumTreeLevels, verifyLiabilityProof } from "@tickfair/verify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { bindBankCard, demoTopUp, postWithdrawal, postWithKey, toppedUpUser } from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { takeSnapshot } from "./snapshot";
import { closedDay, snapshotClosedDay } from "./worker";

const t = useTestApp({ PLATFORM_TZ: "Asia/Shanghai" });

const DAY = "2026-03-03";
const CUTOFF = new Date("2026-03-04T00:00:00+08:00");

type Member = Awaited<ReturnType<typeof registerAndLogin>>;

const deps = () => ({ db: t.db, clock: t.clock, timeZone: t.config.PLATFORM_TZ });

async function proofOf(member: Member, query = "") {
  return t.app.inject({ method: "GET", url: `/api/v1/solvency/proof${query}`, headers: member.auth });
}

/** Each user's liability as the test reads the ledger: every entry of theirs, summed. */
async function ledgerLiabilities(): Promise<Map<bigint, bigint>> {
  const { rows } = await sql<{ id: bigint; balance: string }>`
    select u.id, coalesce(sum(e.amount), 0)::text as balance from users u
    left join accounts a on a.user_id = u.id
    left join ledger_entries e on e.account_id = a.id
    group by u.id`.execute(t.db);
  return new Map(rows.map((row) => [row.id, BigInt(row.balance)]));
}

describe("the daily proof of liabilities", () => {
  const members: Record<"saver" | "small" | "empty" | "late", Member> = {} as never;
  // The ledger as the snapshot read it, summed by the test.
  let counted = new Map<bigint, bigint>();

  it("snapshots every user's liability once the day has closed, exactly once when two workers race", async () => {
    t.clock.set(new Date("2026-03-03T10:00:00+08:00"));
    // Available, Yu'ebao and frozen for a withdrawal: all of it is owed to the user.
    members.saver = await toppedUpUser(t, "1000.00");
    const moved = await postWithKey(t.app, "/api/v1/savings/move-in", members.saver.auth, {
      amount: "300.00",
    });
    expect(moved.statusCode, moved.body).toBe(201);
    await bindBankCard(t.app, members.saver.auth);
    const withdrawn = await postWithdrawal(t.app, members.saver.auth, {
      amount: "100.00",
      payPassword: "246810",
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
    members.small = await toppedUpUser(t, "0.01");
    members.empty = await registerAndLogin(t);
    // Posted after midnight, before the snapshot: the ledger is counted as it stands when it is read.
    t.clock.set(new Date("2026-03-04T00:00:20+08:00"));
    await demoTopUp(t.app, members.small.auth, "5.00");

    // Inside the settling minute the day is not yet taken: yesterday is still the 2nd.
    expect((await closedDay(t.db, new Date("2026-03-04T00:00:30+08:00"), "Asia/Shanghai")).day).toBe(
      "2026-03-02",
    );
    t.clock.set(new Date("2026-03-04T00:05:00+08:00"));
    expect(await closedDay(t.db, t.clock.now(), "Asia/Shanghai")).toEqual({ day: DAY, cutoff: CUTOFF });

    const outcomes = await Promise.all([snapshotClosedDay(deps()), snapshotClosedDay(deps())]);
    expect(outcomes.filter((outcome) => outcome.taken)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.taken)).toHaveLength(1);
    expect(await snapshotClosedDay(deps())).toEqual({ taken: false, day: DAY, reason: "exists" });

    counted = await ledgerLiabilities();
    // After the snapshot: a new user, and money posted to one who was counted.
    members.late = await toppedUpUser(t, "70.00");
    await demoTopUp(t.app, members.saver.auth, "50.00");

    const snapshots = await t.db.selectFrom("solvency_snapshots").selectAll().execute();
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]?.users).toBe(counted.size);
    expect(counted.get(members.saver.userId)).toBe(toMinor("1000.00"));
    expect(counted.get(members.small.userId)).toBe(toMinor("5.01"));
    expect(counted.get(members.empty.userId)).toBe(0n);
    expect(counted.has(members.late.userId)).toBe(false);
    expect(snapshots[0]?.total_minor).toBe([...counted.values()].reduce((a, b) => a + b, 0n));
  });

  it("publishes a root anyone can rebuild from the ledger's balances and the leaves' nonces", async () => {
    const expected = counted;
    const leaves = await t.db
      .selectFrom("solvency_leaves")
      .select(["user_id", "position", "nonce", "balance_minor"])
      .where("day", "=", DAY)
      .orderBy("position")
      .execute();
    expect(leaves.map((leaf) => leaf.position)).toEqual(leaves.map((_, i) => i));
    expect(new Set(leaves.map((leaf) => leaf.user_id))).toEqual(new Set(expected.keys()));
    // The package's own SHA-256 over the ledger's figures, not the server's hash or its stored balances.
    const levels = sumTreeLevels(
      leaves.map((leaf) => leafNode(leaf.nonce, expected.get(leaf.user_id) ?? -1n)),
    );
    const published = (await t.app.inject({ method: "GET", url: "/api/v1/solvency" })).json<Solvency>();
    expect(published.latest).toMatchObject({
      day: DAY,
      root: levels.at(-1)?.[0]?.hash,
      totalMinor: levels.at(-1)?.[0]?.sum.toString(),
      users: expected.size,
      attestation: null,
    });
    expect(published.history.map((root) => root.day)).toEqual([DAY]);
    expect(new Set(leaves.map((leaf) => leaf.nonce)).size).toBe(leaves.length);
    for (const leaf of leaves) expect(JSON.stringify(published)).not.toContain(leaf.nonce);
  });

  it("gives each user a proof of their own leaf that verifies against the published root", async () => {
    const published = (await t.app.inject({ method: "GET", url: "/api/v1/solvency" })).json<Solvency>();
    const balances = { saver: "100000", small: "501", empty: "0" };
    for (const name of ["saver", "small", "empty"] as const) {
      const answer = await proofOf(members[name]);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
      const proof = answer.json<SolvencyProof>();
      expect(proof).toMatchObject({
        day: DAY,
        root: published.latest?.root,
        totalMinor: published.latest?.totalMinor,
        balanceMinor: balances[name],
      });
      expect(verifyLiabilityProof(proof)).toEqual({ ok: true });
      // Claiming less than the ledger recorded breaks the proof.
      expect(verifyLiabilityProof({ ...proof, balanceMinor: "0" }).ok).toBe(name === "empty");
    }
  });

  it("answers only the session's own leaf, whatever the query names", async () => {
    const saver = (await proofOf(members.saver)).json<SolvencyProof>();
    for (const query of [
      `?userId=${members.saver.userId}`,
      `?user=${members.saver.userId}&position=0`,
      `?nonce=${saver.nonce}`,
    ]) {
      const answer = await proofOf(members.small, query);
      expect(answer.statusCode).toBe(200);
      expect(answer.json<SolvencyProof>().balanceMinor).toBe("501");
      expect(answer.body).not.toContain(saver.nonce);
    }
    expect((await t.app.inject({ method: "GET", url: "/api/v1/solvency/proof" })).statusCode).toBe(401);
  });

  it("tells a user who joined after the snapshot, in their language, that they are not in it yet", async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: "/api/v1/solvency/proof",
      headers: { ...members.late.auth, "accept-language": "zh-CN" },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({
      error: { code: "SOLVENCY_NOT_INCLUDED", message: errorMessage("SOLVENCY_NOT_INCLUDED", "zh-CN") },
    });
  });

  it("keeps a snapshot, its leaves and its nodes as written", async () => {
    for (const statement of [
      sql`update solvency_snapshots set total_minor = 0`,
      sql`delete from solvency_snapshots`,
      sql`update solvency_leaves set balance_minor = 0`,
      sql`delete from solvency_leaves`,
      sql`update solvency_nodes set sum_minor = 0`,
      sql`delete from solvency_nodes`,
      sql`truncate solvency_nodes`,
    ])
      await expect(statement.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it("leaves nothing of a snapshot stopped midway, and the next run writes it whole", async () => {
    const day = "2026-03-04";
    const cutoff = new Date("2026-03-05T00:00:00+08:00");
    const stopped = takeSnapshot(t.db, {
      day,
      cutoff,
      now: () => cutoff,
      onChunk: () => {
        throw new Error("the process stops here");
      },
    });
    await expect(stopped).rejects.toThrow("the process stops here");
    for (const table of ["solvency_snapshots", "solvency_leaves", "solvency_nodes"] as const) {
      const left = await t.db.selectFrom(table).select("day").where("day", "=", day).execute();
      expect(left, table).toEqual([]);
    }

    // A fifth user makes the leaves odd twice over: 5, then 3 (the last paired with the empty leaf), 2, 1.
    t.clock.set(new Date("2026-03-04T12:00:00+08:00"));
    const fifth = await toppedUpUser(t, "0.10");
    t.clock.set(new Date("2026-03-05T00:10:00+08:00"));
    const taken = await snapshotClosedDay(deps());
    expect(taken).toMatchObject({ taken: true, day });
    const counts = await sql<{ users: number; leaves: string; nodes: string; depth: number }>`
      select s.users, s.depth, (select count(*) from solvency_leaves l where l.day = s.day)::text as leaves,
        (select count(*) from solvency_nodes n where n.day = s.day)::text as nodes
      from solvency_snapshots s where s.day = ${day}::date`.execute(t.db);
    expect(counts.rows[0]).toEqual({ users: 5, depth: 3, leaves: "5", nodes: String(5 + 3 + 2 + 1) });
    const balances = new Map([
      [members.saver, "105000"],
      [members.small, "501"],
      [members.empty, "0"],
      [members.late, "7000"],
      [fifth, "10"],
    ]);
    for (const [member, balance] of balances) {
      const proof = (await proofOf(member)).json<SolvencyProof>();
      expect(proof).toMatchObject({ day, balanceMinor: balance });
      expect(proof.path).toHaveLength(3);
      expect(verifyLiabilityProof(proof)).toEqual({ ok: true });
    }
  });
});
