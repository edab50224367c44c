import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../platform/db";
import { holdLocks } from "../test/held-locks";
import {
  checkpointNow,
  forgePosting,
  grant,
  type LedgerWithUser,
  useLedgerWithUser,
} from "../test/ledger-fixtures";
import { keepCheckpoint } from "./check-record";
import { latestCheckpoint } from "./checkpoint";
import { checkLedgerInvariants } from "./invariants";

const fixture = useLedgerWithUser();
let db: Db;
let ledger: LedgerWithUser;
beforeEach(() => {
  ({ db, ledger } = fixture);
});

describe("ledger checkpoints", () => {
  it("hand out entry and posting ids one at a time, which a safe cut needs", async () => {
    const { rows } = await sql<{ name: string; cache: string }>`
      select seqrelid::regclass::text as name, seqcache::text as cache from pg_sequence
      where seqrelid in ('ledger_entries_id_seq'::regclass, 'postings_id_seq'::regclass)
      order by 1`.execute(db);
    expect(rows).toEqual([
      { name: "ledger_entries_id_seq", cache: "1" },
      { name: "postings_id_seq", cache: "1" },
    ]);
  });

  it("keeps only a sound check's cut, and never changes one", async () => {
    expect(await latestCheckpoint(db)).toBeNull();
    const report = await checkLedgerInvariants(db, { since: "full" });
    await keepCheckpoint(db, { ...report, ok: false, violations: ["x"] });
    expect(await latestCheckpoint(db)).toBeNull();
    await keepCheckpoint(db, report);
    expect(await latestCheckpoint(db)).toEqual({
      entryId: BigInt(report.cut.entryId),
      postingId: BigInt(report.cut.postingId),
      entries: 2n,
      postings: 1n,
      // The fixture's 1000 in the user's cash, weighed by its account's id.
      balanceDigest: String(1_000n * ledger.cash),
    });
    await expect(sql`update ledger_checkpoints set entry_id = entry_id + 1`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_checkpoints`.execute(db)).rejects.toThrow(/append-only/);
  });

  it.skipIf(process.env.TEST_DB !== "postgres")(
    "waits for a transaction still open with lower ids, so the next check does not skip them (PostgreSQL)",
    async () => {
      await checkpointNow(db);
      // Open: an entry that does not balance, its ids taken now, committed only later.
      let forgedEntry = 0n;
      const open = await holdLocks(db, async (tx) => {
        await sql`set local session_replication_role = replica`.execute(tx);
        forgedEntry =
          (await forgePosting(tx, [{ accountId: ledger.system.house, amount: 100n }])).entries[0] ?? 0n;
      });
      // Committed meanwhile, with higher ids: the highest id alone would cut past the open entry.
      await grant(db, ledger, 10n);
      const highest = await db
        .selectFrom("ledger_entries")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirstOrThrow();
      expect(BigInt(highest.id)).toBeGreaterThan(forgedEntry);

      let settled = false;
      const checking = checkLedgerInvariants(db, { since: "checkpoint" }).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const settledWhileOpen = settled;
      open.release();
      await open.done;
      const first = await checking;
      expect(BigInt(first.cut.entryId)).toBeGreaterThanOrEqual(BigInt(highest.id));
      await keepCheckpoint(db, first);
      const next = await checkLedgerInvariants(db, { since: "checkpoint" });
      // A cut taken past the open entry would let both pass: the first could not see it, the next starts above it.
      expect([...first.violations, ...next.violations].join("\n")).toMatch(/all entries sum to 100, not 0/);
      // The cut waited for the open transaction to end, so the first check read its entry already.
      expect(settledWhileOpen).toBe(false);
      expect(first.violations.join("\n")).toMatch(/all entries sum to 100, not 0/);
    },
  );
});
