import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "../ledger/invariants";
import { createDb } from "./db";

const root = path.resolve(import.meta.dirname, "../../../..");

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number, times = 1): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(
      () => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${seen}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.split(text).length - 1 >= times) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
  }).finally(() => {
    child.stdout?.removeAllListeners("data");
    child.stderr?.removeAllListeners("data");
  });
}

describe("graceful shutdown", () => {
  it("finishes in-flight requests on SIGTERM and closes the embedded database cleanly", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-shutdown-"));
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        // Requests are logged at debug: the test waits for every login to be taken in.
        LOG_LEVEL: "debug",
        DEMO_MODE: "true",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    await waitForOutput(child, "Tickfair is running", 90_000);

    const base = `http://127.0.0.1:${port}/api/v1`;
    // Each login spends real argon2 time, so these are still in flight when the signal lands.
    const inFlight = Array.from({ length: 8 }, () =>
      fetch(`${base}/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: "demo001", password: "demo123456" }),
      }).then((response) => response.status),
    );
    // The signal lands once the server has taken in every request.
    await waitForOutput(child, '"msg":"incoming request"', 30_000, 8);
    child.kill("SIGTERM");
    const statuses = await Promise.all(inFlight);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await exited).toBe(0);

    const db = createDb({ dataDir });
    const report = await checkLedgerInvariants(db);
    expect(report.ok).toBe(true);
    expect(report.counts.postings).toBeGreaterThanOrEqual(1);
    const sessions = await db.selectFrom("sessions").select("token_hash").execute();
    expect(sessions.length).toBe(8);
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
