import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatScaled } from "./decimal";
import { CHAIN_STARTS_AT, EPOCH_MS, rechain, syntheticReceipt } from "./receipt.testing";
import { fromHex } from "./sha256";
import { epochPath } from "./synthetic-path";
import vectors from "./vectors.json";

const CLI = fileURLToPath(new URL("./cli.ts", import.meta.url));

/** Runs the command as a user would, in its own Node process. */
function verify(...args: string[]): Promise<{ code: number; lines: string[] }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", CLI, ...args], (error, stdout) => {
      const code = error ? Number(error.code ?? 1) : 0;
      resolve({ code, lines: stdout.split("\n").filter((line) => line !== "") });
    });
  });
}

describe("verify receipt FILE", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "receipt-"));
  });
  const receipt = syntheticReceipt({
    entryIndex: 280,
    durationSeconds: 40,
    direction: "down",
    stake: 2500n,
    payoutRateBps: 8500,
  });

  it("prints one JSON line and exits 0 when everything matches", async () => {
    const file = join(dir, "good.json");
    await writeFile(file, JSON.stringify(receipt, null, 2));
    const { code, lines } = await verify("receipt", file);
    expect(code).toBe(0);
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0] as string);
    expect(out.ok).toBe(true);
    expect(out.checks.map((c: { name: string }) => c.name)).toContain("prices");
  });

  it("exits 1 on a tampered receipt, naming the check and the tick", async () => {
    const tampered = structuredClone(receipt);
    const tick = tampered.ticks[12];
    if (!tick) throw new Error("the receipt has 41 ticks");
    tick.price = "1.00";
    tampered.ticks = rechain(tampered.ticks, receipt.contract.symbol);
    const file = join(dir, "tampered.json");
    await writeFile(file, JSON.stringify(tampered));
    const { code, lines } = await verify("receipt", file);
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0] as string);
    expect(out.ok).toBe(false);
    const prices = out.checks.find((c: { name: string }) => c.name === "prices");
    expect(prices).toMatchObject({ ok: false, seq: tick.seq });
    expect(prices.reason).toMatch(new RegExp(`^tick ${tick.seq}: the seed of epoch 1 gives`));
  });

  it("exits 1 on a file that is not JSON, and 2 when it cannot read the file or the arguments", async () => {
    const file = join(dir, "notes.txt");
    await writeFile(file, "hello");
    const notJson = await verify("receipt", file);
    expect(notJson.code).toBe(1);
    expect(JSON.parse(notJson.lines[0] as string).checks[0]).toMatchObject({ name: "format", ok: false });
    const missing = await verify("receipt", join(dir, "nowhere.json"));
    expect(missing.code).toBe(2);
    expect(JSON.parse(missing.lines[0] as string)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/cannot read/),
    });
    expect((await verify("launch")).code).toBe(2);
  });
});

describe("verify epoch --symbol S --index K --url URL", () => {
  const product = vectors.products[0] as (typeof vectors.products)[number];
  const seed = vectors.seeds[1] as string;
  const startsAt = new Date(CHAIN_STARTS_AT).toISOString();
  const endsAt = new Date(CHAIN_STARTS_AT + EPOCH_MS).toISOString();
  const path = epochPath(
    fromHex(seed) as Uint8Array,
    { ...product, meanVolume: BigInt(product.meanVolume) },
    BigInt(product.openingPrice),
    vectors.ticksPerEpoch,
  );
  /** The recorded ticks: the whole epoch but an outage from index 100 to 119. */
  const recorded = rechain(
    path.flatMap((tick, index) =>
      index >= 100 && index < 120
        ? []
        : [
            {
              seq: String(index + 1),
              time: new Date(CHAIN_STARTS_AT + index * vectors.tickMs).toISOString(),
              price: formatScaled(tick.price, product.precision),
              prevHash: "0".repeat(64),
            },
          ],
    ),
    product.symbol,
  ).map((tick) => ({ ...tick, symbol: product.symbol }));
  let ticks = recorded;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      const { pathname, searchParams } = new URL(request.url ?? "/", "http://localhost");
      const send = (body: unknown) => {
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify(body));
      };
      if (pathname === "/api/v1/fairness")
        return send({
          algorithm: vectors.algorithm,
          anchor: vectors.seeds[0],
          epochSeconds: EPOCH_MS / 1000,
          tickMs: vectors.tickMs,
          startsAt,
          chainLength: vectors.chainLength,
          products: [
            { ...product, openingPrice: formatScaled(BigInt(product.openingPrice), product.precision) },
          ],
        });
      if (pathname === "/api/v1/fairness/epochs") {
        const epochs = [
          {
            index: 2,
            startsAt: endsAt,
            endsAt: new Date(CHAIN_STARTS_AT + 2 * EPOCH_MS).toISOString(),
            seed: null,
            openings: {},
          },
          {
            index: 1,
            startsAt,
            endsAt,
            seed,
            openings: { [product.symbol]: formatScaled(BigInt(product.openingPrice), product.precision) },
          },
        ];
        // One epoch a page, to walk the cursor.
        const at = Number(searchParams.get("cursor") ?? 0);
        return send({
          items: epochs.slice(at, at + 1),
          nextCursor: at + 1 < epochs.length ? String(at + 1) : null,
        });
      }
      if (pathname === `/api/v1/market/products/${encodeURIComponent(product.symbol)}/ticks`) {
        const from = searchParams.get("from");
        const fromSeq = searchParams.get("fromSeq");
        const items = ticks.filter((t) =>
          fromSeq ? BigInt(t.seq) >= BigInt(fromSeq) : Date.parse(t.time) >= Date.parse(from ?? ""),
        );
        return send({ items: items.slice(0, Number(searchParams.get("limit"))) });
      }
      response.statusCode = 404;
      send({ error: { code: "NOT_FOUND" } });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("recomputes the epoch from its seed and finds every recorded tick on the path", async () => {
    ticks = recorded;
    const { code, lines } = await verify("epoch", "--symbol", product.symbol, "--index", "1", "--url", url);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      ok: true,
      symbol: product.symbol,
      index: 1,
      ticks: 300,
      recorded: 280,
    });
    expect(code).toBe(0);
  });

  it("exits 1 when a recorded price is off the path, naming the tick", async () => {
    ticks = rechain(
      recorded.map((t) => (t.seq === "201" ? { ...t, price: "1.00" } : t)),
      product.symbol,
    ).map((tick) => ({ ...tick, symbol: product.symbol }));
    const { code, lines } = await verify("epoch", "--symbol", product.symbol, "--index", "1", "--url", url);
    expect(code).toBe(1);
    const out = JSON.parse(lines[0] as string);
    expect(out.checks.find((c: { name: string }) => c.name === "prices")).toMatchObject({
      ok: false,
      seq: "201",
    });
  });

  it("exits 1 before the seed is revealed, and 2 when the server is unreachable", async () => {
    const early = await verify("epoch", "--symbol", product.symbol, "--index", "2", "--url", url);
    expect(early.code).toBe(1);
    expect(JSON.parse(early.lines[0] as string).checks[0].reason).toMatch(/not revealed yet/);
    const away = await verify(
      "epoch",
      "--symbol",
      product.symbol,
      "--index",
      "1",
      "--url",
      "http://127.0.0.1:9",
    );
    expect(away.code).toBe(2);
  });
});
