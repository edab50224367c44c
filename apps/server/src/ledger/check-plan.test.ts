import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createOperator } from "../operators/service";
import { HOLD_FILE, holdDataDir, readHold } from "../platform/data-dir-hold";
import { toppedUpUser } from "../test/cashier-fixtures";
import { useTestApp } from "../test/harness";
import { createEnrolledOperator, type OperatorCredentials, unusedTotpCode } from "../test/operator-fixtures";
import {
  CODE_VARIABLE,
  checkThroughServer,
  NotCheckedError,
  PASSWORD_VARIABLE,
  planLedgerCheck,
  readCredentials,
  readScope,
  reportLines,
  USERNAME_VARIABLE,
} from "./check-plan";
import { checkLedgerInvariants, shownReport } from "./invariants";

const hold = { pid: 4242, url: "http://127.0.0.1:8080", since: "" };
const both = { username: "root_admin", password: "secret-secret", code: "123456" };

describe("deciding how npm run ledger:check checks", () => {
  it("checks PostgreSQL directly, and an embedded database no server holds", () => {
    expect(
      planLedgerCheck({ databaseUrl: "postgres://db/x", dataDir: "data", hold, credentials: {} }),
    ).toEqual({
      kind: "direct",
    });
    expect(planLedgerCheck({ dataDir: "data", hold: null, credentials: {} })).toEqual({ kind: "direct" });
    expect(planLedgerCheck({ dataDir: "data", hold: null, credentials: both })).toEqual({ kind: "direct" });
  });

  it("checks through the holding server when given an operator's sign-in", () => {
    expect(planLedgerCheck({ dataDir: "data", hold, credentials: both })).toEqual({
      kind: "server",
      url: hold.url,
      credentials: both,
    });
  });

  it("refuses a held folder without a sign-in, saying what to do", () => {
    const plan = planLedgerCheck({ dataDir: "data", hold, credentials: {} });
    expect(plan.kind).toBe("refuse");
    const message = plan.kind === "refuse" ? plan.message : "";
    expect(message).toContain("pid 4242");
    expect(message).toContain(hold.url);
    expect(message).toContain("Stop the server");
    expect(message).toContain(USERNAME_VARIABLE);
    expect(message).toContain(PASSWORD_VARIABLE);
    expect(message).toContain(CODE_VARIABLE);
    expect(message).toContain("--username NAME --password PASSWORD --code 123456");
    expect(message).toContain(path.join("data", HOLD_FILE));
    const half = planLedgerCheck({ dataDir: "data", hold, credentials: { username: "root_admin" } });
    expect(half.kind === "refuse" && half.message).toContain(
      "a password and an authenticator code are missing",
    );
    const noCode = planLedgerCheck({
      dataDir: "data",
      hold,
      credentials: { username: "root_admin", password: "secret-secret" },
    });
    expect(noCode.kind === "refuse" && noCode.message).toContain("an authenticator code is missing");
  });

  it("ignores a hold whose process is gone", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-plan-"));
    const gone = Number(
      spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString(),
    );
    fs.writeFileSync(path.join(dir, HOLD_FILE), JSON.stringify({ pid: gone, url: hold.url }));
    expect(planLedgerCheck({ dataDir: dir, hold: readHold(dir), credentials: {} })).toEqual({
      kind: "direct",
    });
    fs.rmSync(path.join(dir, HOLD_FILE));
    const release = holdDataDir(dir, hold.url);
    expect(planLedgerCheck({ dataDir: dir, hold: readHold(dir), credentials: {} }).kind).toBe("refuse");
    release();
    expect(planLedgerCheck({ dataDir: dir, hold: readHold(dir), credentials: {} })).toEqual({
      kind: "direct",
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads the sign-in from flags first, then from the environment", () => {
    const env = {
      [USERNAME_VARIABLE]: "from_env",
      [PASSWORD_VARIABLE]: "env-password",
      [CODE_VARIABLE]: "111111",
    };
    expect(readCredentials([], env)).toEqual({
      username: "from_env",
      password: "env-password",
      code: "111111",
    });
    expect(readCredentials(["--username", "from_flag", "--code", "222222"], env)).toEqual({
      username: "from_flag",
      password: "env-password",
      code: "222222",
    });
    expect(readCredentials(["--username=a", "--password=b"], {})).toEqual({
      username: "a",
      password: "b",
      code: undefined,
    });
    expect(readCredentials([], {})).toEqual({ username: undefined, password: undefined, code: undefined });
    expect(() => readCredentials(["--user", "x"], {})).toThrow();
  });

  it("checks since the newest checkpoint unless --full, beside a sign-in or not", () => {
    expect(readScope([])).toBe("checkpoint");
    expect(readScope(["--full"])).toBe("full");
    expect(readScope(["--username", "a", "--full"])).toBe("full");
    expect(readCredentials(["--full", "--username", "a"], {})).toMatchObject({ username: "a" });
    expect(() => readScope(["--ful"])).toThrow();
  });

  it("prints the same summary and exit code either way", () => {
    const sound = reportLines("here", {
      ok: true,
      violations: [],
      scope: "since checkpoint",
      cut: { entryId: "4", postingId: "2" },
      counts: { accounts: 3, postings: 2, entries: 4 },
      tickArchives: { files: 2, ticks: 20_000 },
    });
    expect(sound).toEqual({
      head: "Ledger on here: 3 accounts, 2 postings, 4 entries, checked since the last checkpoint up to entry 4",
      archives:
        "Tick archives: 2 files of 20000 ticks, each present at its written length, each continuing the one before",
      violations: [],
      verdict: "All ledger invariants hold.",
      code: 0,
    });
    const broken = reportLines("here", {
      ok: false,
      violations: ["x"],
      scope: "full",
      cut: { entryId: "0", postingId: "0" },
      counts: { accounts: 0, postings: 0, entries: 0 },
      tickArchives: null,
    });
    expect(broken).toMatchObject({
      head: "Ledger on here: 0 accounts, 0 postings, 0 entries, checked in full up to entry 0",
      archives: null,
      violations: ["VIOLATION x"],
      verdict: "1 violation(s) found.",
      code: 1,
    });
  });
});

describe("checking through the running server", () => {
  const t = useTestApp();
  let url: string;
  let admin: OperatorCredentials;
  let finance: OperatorCredentials;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (address === null || typeof address === "string") throw new Error("not listening");
    url = `http://127.0.0.1:${address.port}`;
    admin = await createEnrolledOperator(t.db, t.clock, { username: "cli_admin", role: "admin" });
    finance = await createEnrolledOperator(t.db, t.clock, { username: "cli_finance", role: "finance" });
  });
  const signIn = async (operator: OperatorCredentials) => ({
    username: operator.username,
    password: operator.password,
    code: await unusedTotpCode(t.db, t.clock, operator),
  });

  it("signs in as an admin, answers the same report as a direct check, and signs out", async () => {
    await toppedUpUser(t, "100.00");
    const report = await checkThroughServer(url, await signIn(admin));
    expect(report).toEqual({
      ...shownReport(await checkLedgerInvariants(t.db)),
      tickArchives: { files: 0, ticks: 0 },
    });
    expect(report.ok).toBe(true);
    const sessions = await t.db
      .selectFrom("operator_sessions as s")
      .innerJoin("operators as o", "o.id", "s.operator_id")
      .select("s.revoked_at")
      .where("o.username", "=", "cli_admin")
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.revoked_at).not.toBeNull();
  });

  it("says why it did not check: wrong password, wrong code, not enrolled, not an admin, no server", async () => {
    await expect(
      checkThroughServer(url, { ...(await signIn(admin)), password: "wrong-password" }),
    ).rejects.toThrow(/refused the sign-in of cli_admin/);
    await expect(checkThroughServer(url, { ...(await signIn(admin)), code: "000000" })).rejects.toThrow(
      /refused the authenticator code of cli_admin/,
    );
    const unenrolled = await createOperator(t.db, t.clock, {
      username: "cli_new",
      password: "operator-pass-1",
      role: "admin",
    });
    await expect(
      checkThroughServer(url, { username: unenrolled.username, password: "operator-pass-1", code: "123456" }),
    ).rejects.toThrow(/cli_new has no authenticator yet/);
    await expect(checkThroughServer(url, await signIn(finance))).rejects.toThrow(
      /finance operator; checking the ledger needs an admin/,
    );
    const closed = await checkThroughServer("http://127.0.0.1:1", both).catch((error: unknown) => error);
    expect(closed).toBeInstanceOf(NotCheckedError);
    expect((closed as Error).message).toMatch(/Could not reach the server at http:\/\/127\.0\.0\.1:1/);
  });
});
