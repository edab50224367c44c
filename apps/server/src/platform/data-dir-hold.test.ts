import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDirs } from "../test/temp-dirs";
import { HOLD_FILE, holdDataDir, localUrl, processAlive, readHold } from "./data-dir-hold";

const tempDir = useTempDirs("tickfair-hold-");

/** The id of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("data folder hold", () => {
  it("marks the folder with this process and its URL until released", () => {
    const dir = tempDir();
    expect(readHold(dir)).toBeNull();
    const release = holdDataDir(dir, "http://127.0.0.1:8123", new Date("2030-01-02T03:04:05Z"));
    expect(readHold(dir)).toEqual({
      pid: process.pid,
      url: "http://127.0.0.1:8123",
      since: "2030-01-02T03:04:05.000Z",
    });
    expect(fs.readdirSync(dir)).toEqual([HOLD_FILE]);
    release();
    expect(readHold(dir)).toBeNull();
    expect(fs.existsSync(path.join(dir, HOLD_FILE))).toBe(false);
    release();
  });

  it("does not count a file left by a process that is gone, or one it cannot read", () => {
    const dir = tempDir();
    const pid = deadPid();
    expect(processAlive(pid)).toBe(false);
    fs.writeFileSync(path.join(dir, HOLD_FILE), JSON.stringify({ pid, url: "http://127.0.0.1:1" }));
    expect(readHold(dir)).toBeNull();
    expect(readHold(dir, () => true)).toMatchObject({ pid, url: "http://127.0.0.1:1" });
    for (const text of ["", "{", "null", '{"pid":"1","url":"x"}', '{"pid":-1,"url":"x"}', '{"pid":1}']) {
      fs.writeFileSync(path.join(dir, HOLD_FILE), text);
      expect(
        readHold(dir, () => true),
        text,
      ).toBeNull();
    }
  });

  it("leaves alone a hold another process has taken since", () => {
    const dir = tempDir();
    const release = holdDataDir(dir, "http://127.0.0.1:8123");
    fs.writeFileSync(
      path.join(dir, HOLD_FILE),
      JSON.stringify({ pid: process.ppid, url: "http://127.0.0.1:9" }),
    );
    release();
    expect(readHold(dir)).toMatchObject({ pid: process.ppid });
  });

  it("names a loopback URL for a server listening on every address", () => {
    expect(localUrl({ address: "0.0.0.0", family: "IPv4", port: 8080 })).toBe("http://127.0.0.1:8080");
    expect(localUrl({ address: "::", family: "IPv6", port: 8080 })).toBe("http://[::1]:8080");
    expect(localUrl({ address: "10.0.0.5", family: "IPv4", port: 80 })).toBe("http://10.0.0.5:80");
    expect(localUrl({ address: "::1", family: "IPv6", port: 9 })).toBe("http://[::1]:9");
    expect(() => localUrl("tickfair.sock")).toThrow();
  });
});
