import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "kysely";
import { describe, expect, inject, it, onTestFinished } from "vitest";
import { createDb } from "./platform/db";

const root = path.resolve(import.meta.dirname, "../../..");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A data folder holding the run's migrated database, so the start measured is not the migrations'. */
async function migratedDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-compiled-"));
  const pgliteDump = new Blob([fs.readFileSync(inject("migratedDatabase"))]);
  const db = createDb({ dataDir, pgliteDump });
  await sql`select 1`.execute(db);
  await db.destroy();
  return dataDir;
}

/** Stops the server if the test did not (a failure, a timeout), then removes its data folder. */
function cleanUp(server: ChildProcess, exited: Promise<unknown>, dataDir: string): void {
  onTestFinished(async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
}

// Nothing here depends on which database the suite runs on: once is enough, and two runs at once would
// write the same output folder.
describe.skipIf(process.env.TEST_DB === "postgres")("the compiled server", () => {
  it("builds, answers its health on plain node and stops cleanly on SIGTERM", async () => {
    await promisify(execFile)(process.execPath, [path.join(root, "scripts/build-server.mjs")], { cwd: root });
    const dataDir = await migratedDataDir();
    const port = await freePort();
    const server = spawn(process.execPath, [path.join(root, "apps/server/dist/main.js")], {
      cwd: dataDir,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DEMO_MODE: "false",
        FEED_ENABLED: "false",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    cleanUp(server, exited, dataDir);
    let output = "";
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    server.stdout.on("data", collect);
    server.stderr.on("data", collect);

    let health: unknown;
    while (health === undefined && server.exitCode === null) {
      health = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
        (response) => (response.ok ? response.json() : undefined),
        () => undefined,
      );
      if (health === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(health, output).toMatchObject({ status: "ok", database: "ok" });
    server.kill("SIGTERM");
    expect(await exited, output).toBe(0);
  }, 240_000);
});
