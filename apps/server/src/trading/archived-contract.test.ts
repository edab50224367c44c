import type {
  ChainVerification,
  Contract,
  ContractDetail,
  ContractReceipt,
  LedgerCheckReport,
  TickList,
} from "@tickfair/contract";
import { errorMessage } from "@tickfair/contract/error-messages";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { feedTick } from "../market/testing";
import { archiveMonth } from "../market/tick-archiver";
import { archiveKey } from "../market/tick-archives";
import { recordTicks } from "../market/ticks";
import { createBlobStore } from "../platform/s3-blob-store";
import { operatorAuth } from "../test/cashier-fixtures";
import { at, BTC, contractKit } from "../test/contract-kit";
import { testConfig, useTestApp } from "../test/harness";

const t = useTestApp({ FEED_ENABLED: false });
const { settle, nextHour, fundedUser, place, order } = contractKit(t);

const read = (url: string, auth: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: auth });

describe("a contract whose month of ticks was archived", () => {
  it("shows the same detail, receipt, ticks and verified chain as before", async () => {
    const start = nextHour();
    // The months the test's clock runs in (the product's own were made for the real date).
    for (const month of [start, new Date(Date.UTC(2026, 1, 10))]) {
      await sql`select make_tick_month(${BTC}, ${month}::timestamptz)`.execute(t.db);
    }
    const user = await fundedUser("1000.00");
    await recordTicks(t.db, [feedTick(BTC, at(start, 0), 9_000_000n)]);
    const placed = (await place(user.auth, order({ durationSeconds: 30 }))).json<Contract>();
    await recordTicks(
      t.db,
      [1000, 11_000, 21_000, 31_000, 32_000].map((ms, i) =>
        feedTick(BTC, at(start, ms), 9_000_100n + BigInt(i)),
      ),
    );
    t.clock.set(new Date(at(start, 32_000)));
    expect(await settle()).toHaveLength(1);
    const detailUrl = `/api/v1/trading/contracts/${placed.id}`;
    const ticksUrl = `/api/v1/market/products/${encodeURIComponent(BTC)}/ticks`;
    const tickReads = [
      `${ticksUrl}?fromSeq=2&limit=3`,
      `${ticksUrl}?from=${encodeURIComponent(at(start, 500))}&to=${encodeURIComponent(at(start, 40_000))}&limit=10`,
      `${ticksUrl}?to=${encodeURIComponent(at(start, 25_000))}&limit=2`,
    ];
    const ticksNow = async () =>
      Promise.all(tickReads.map(async (url) => (await read(url)).json<TickList>()));
    const before = {
      detail: (await read(detailUrl, user.auth)).json<ContractDetail>(),
      receipt: (await read(`${detailUrl}/receipt`, user.auth)).json<ContractReceipt>(),
      ticks: await ticksNow(),
    };
    expect(before.ticks.map((list) => list.items.map((tick) => tick.seq))).toEqual([
      ["2", "3", "4"],
      ["2", "3", "4", "5", "6"],
      ["3", "4"],
    ]);
    expect(before.detail.ticks.length).toBeGreaterThan(1);

    // February goes on; January is archived.
    await recordTicks(t.db, [feedTick(BTC, "2026-02-10T00:00:00Z", 9_000_500n)]);
    const blobs = createBlobStore(testConfig());
    const done = await archiveMonth(t.db, blobs, BTC, "ticks_btcusdt_2026_01");
    expect(done.ticks).toBe(6);

    expect((await read(detailUrl, user.auth)).json<ContractDetail>()).toEqual(before.detail);
    expect((await read(`${detailUrl}/receipt`, user.auth)).json<ContractReceipt>()).toEqual(before.receipt);
    expect(await ticksNow()).toEqual(before.ticks);
    const verified = await read(
      `/api/v1/market/products/${encodeURIComponent(BTC)}/verify?fromSeq=1&toSeq=7`,
    );
    expect(verified.json<ChainVerification>()).toMatchObject({ valid: true, checked: 7 });

    // The file damaged: nothing of it is shown unverified, and each read says why in the user's language.
    const file = await t.db.selectFrom("tick_archives").select("file_sha256").executeTakeFirstOrThrow();
    await blobs.put(archiveKey(Buffer.from(file.file_sha256).toString("hex")), Buffer.from("not ticks"));
    for (const url of [detailUrl, `${detailUrl}/receipt`, ...tickReads]) {
      const answer = await t.app.inject({
        method: "GET",
        url,
        headers: { ...user.auth, "accept-language": "zh-CN" },
      });
      expect(answer.statusCode, url).toBe(503);
      expect(answer.json(), url).toEqual({
        error: { code: "TICK_ARCHIVE_UNREADABLE", message: errorMessage("TICK_ARCHIVE_UNREADABLE", "zh-CN") },
      });
    }
    const broken = await read(`/api/v1/market/products/${encodeURIComponent(BTC)}/verify?fromSeq=1&toSeq=7`);
    expect(broken.json<ChainVerification>()).toMatchObject({ valid: false, firstMismatchSeq: "1" });
    // The ledger check reads the archives with the ledger: the routine one sees a file of another length.
    const admin = await operatorAuth(t, "admin");
    const check = await t.app.inject({
      method: "GET",
      url: "/api/v1/operator/ledger/check",
      headers: admin.headers,
    });
    expect(check.json<LedgerCheckReport>()).toMatchObject({
      ok: false,
      tickArchives: { files: 1, ticks: 6 },
      violations: [
        expect.stringMatching(/^BTC\/USDT: the archive of ticks 1–6 has 9 bytes where \d+ were written$/),
      ],
    });
  });
});
