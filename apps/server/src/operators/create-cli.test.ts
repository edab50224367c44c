import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { createDb } from "../platform/db";
import { useTempDirs } from "../test/temp-dirs";

const execFileAsync = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const cli = ["--import", "tsx", path.join(root, "apps/server/src/operators/create-cli.ts")];
const tempDir = useTempDirs("tickfair-operator-cli-");

describe("npm run operator:create", () => {
  it("creates an operator who enrols an authenticator at the first sign-in", async () => {
    const dataDir = tempDir();
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", OPERATOR_PASSWORD: "" };
    const made = await execFileAsync(
      process.execPath,
      [...cli, "--username", "cli_made", "--role", "finance"],
      {
        env,
        cwd: root,
      },
    );
    expect(made.stdout).toContain("Created operator cli_made (finance).");
    expect(made.stdout).toMatch(/Password \(shown once\): \S{16}/);
    expect(made.stdout).toContain("authenticator");

    const again = await execFileAsync(
      process.execPath,
      [...cli, "--username", "CLI_MADE", "--role", "admin"],
      {
        env,
        cwd: root,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 1 });
    expect((again as { stderr: string }).stderr).toContain("An operator with this username already exists.");

    const db = createDb({ dataDir });
    try {
      const row = await db
        .selectFrom("operators")
        .select(["role", "totp_secret", "totp_enrolled_at"])
        .where("username", "=", "cli_made")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: "finance", totp_secret: null, totp_enrolled_at: null });
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
