import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { generateSync } from "otplib";
import { describe, expect, it } from "vitest";
import { DEMO } from "../demo/seed";
import { HOLD_FILE, holdDataDir } from "../platform/data-dir-hold";
import { useTempDirs } from "../test/temp-dirs";
import { CODE_VARIABLE, PASSWORD_VARIABLE, USERNAME_VARIABLE } from "./check-plan";

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const cli = ["--import", "tsx", path.join(root, "apps/server/src/ledger-check.ts")];

const tempDir = useTempDirs("tickfair-check-cli-");

function environment(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    [USERNAME_VARIABLE]: "",
    [PASSWORD_VARIABLE]: "",
    [CODE_VARIABLE]: "",
    ...extra,
  };
}

async function runCli(env: NodeJS.ProcessEnv, args: string[] = []) {
  return execFileAsync(process.execPath, [...cli, ...args], { env, cwd: root }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe("npm run ledger:check beside a running server", () => {
  it("refuses a held folder without a sign-in (exit 2), and never opens it", async () => {
    const dataDir = tempDir();
    // This test's own process stands in for the server: alive, and holding the folder.
    const release = holdDataDir(dataDir, "http://127.0.0.1:1");
    try {
      const refused = await runCli(environment(dataDir));
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`held by a running server (pid ${process.pid}`);
      expect(refused.stderr).toContain(USERNAME_VARIABLE);
      expect(refused.stdout).toBe("");

      const unreachable = await runCli(environment(dataDir), [
        "--username",
        "admin",
        "--password",
        "x",
        "--code",
        "123456",
      ]);
      expect(unreachable.code).toBe(2);
      expect(unreachable.stderr).toContain("Could not reach the server at http://127.0.0.1:1");
      expect(unreachable.stderr).toContain("The ledger was not checked.");
      expect(fs.readdirSync(dataDir)).toEqual([HOLD_FILE]);
    } finally {
      release();
    }
  }, 30_000);

  it("checks through the real server as an admin while it runs; the hold ends with it", async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
      cwd: root,
      env: {
        ...environment(dataDir),
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        DEMO_MODE: "true",
        FEED_ENABLED: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        let seen = "";
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${seen}`)), 60_000);
        const onData = (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes("Tickfair is running")) {
            clearTimeout(timer);
            resolve();
          }
        };
        server.stdout.on("data", onData);
        server.stderr.on("data", onData);
        server.on("exit", () => reject(new Error(`server exited:\n${seen}`)));
      });
      const hold = JSON.parse(fs.readFileSync(path.join(dataDir, HOLD_FILE), "utf8"));
      expect(hold).toMatchObject({ pid: server.pid, url: `http://127.0.0.1:${port}` });

      // The demo seed's operator is an admin, enrolled with a known secret.
      const checked = await runCli(
        environment(dataDir, {
          [USERNAME_VARIABLE]: DEMO.operator.username,
          [PASSWORD_VARIABLE]: DEMO.operator.password,
          [CODE_VARIABLE]: generateSync({ secret: DEMO.operator.totpSecret }),
        }),
      );
      expect(checked.stderr).toBe("");
      expect(checked.code).toBe(0);
      expect(checked.stdout).toContain(`through the server at http://127.0.0.1:${port}`);
      expect(checked.stdout).toContain("All ledger invariants hold.");
      expect(checked.stdout).toContain("Tick archives: 0 files of 0 ticks");
    } finally {
      server.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, HOLD_FILE))).toBe(false);
  }, 90_000);
});
