import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { toHex } from "@tickfair/verify";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config";
import {
  demoSecretFile,
  FairnessRefusal,
  loadFairnessSecret,
  loadNextFairnessSecret,
} from "./fairness-secret";
import { silentLog } from "./feed-runner";

const folders: string[] = [];
const tempDir = () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-fairness-"));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

const HEX = "ab".repeat(32);

describe("the fairness secret", () => {
  it("comes from FAIRNESS_SECRET or FAIRNESS_SECRET_FILE", () => {
    const dir = tempDir();
    expect(toHex(loadFairnessSecret({ FAIRNESS_SECRET: HEX.toUpperCase(), DATA_DIR: dir }, silentLog))).toBe(
      HEX,
    );
    const file = path.join(dir, "secret");
    fs.writeFileSync(file, `${HEX}\n`);
    expect(toHex(loadFairnessSecret({ FAIRNESS_SECRET_FILE: file, DATA_DIR: dir }, silentLog))).toBe(HEX);
    expect(loadNextFairnessSecret({ DATA_DIR: dir })).toBeNull();
    expect(toHex(loadNextFairnessSecret({ FAIRNESS_NEXT_SECRET: HEX, DATA_DIR: dir }) as Uint8Array)).toBe(
      HEX,
    );
    // Neither read made a demo file.
    expect(fs.existsSync(demoSecretFile(dir))).toBe(false);
  });

  it("refuses a file that is missing or does not hold one, and production without one", () => {
    const dir = tempDir();
    const file = path.join(dir, "secret");
    expect(() => loadFairnessSecret({ FAIRNESS_SECRET_FILE: file, DATA_DIR: dir }, silentLog)).toThrow(
      FairnessRefusal,
    );
    fs.writeFileSync(file, "not a secret");
    expect(() => loadFairnessSecret({ FAIRNESS_SECRET_FILE: file, DATA_DIR: dir }, silentLog)).toThrow(
      /does not hold a fairness secret/,
    );
    expect(() => loadFairnessSecret({ DATA_DIR: dir, NODE_ENV: "production" }, silentLog)).toThrow(
      /set FAIRNESS_SECRET or FAIRNESS_SECRET_FILE/,
    );
    expect(fs.existsSync(demoSecretFile(dir))).toBe(false);
  });

  it("is made once for a demo, readable by its owner only, and the log says where", () => {
    const dir = tempDir();
    const warnings: object[] = [];
    const log = { ...silentLog, warn: (object: object) => warnings.push(object) };
    const first = toHex(loadFairnessSecret({ DATA_DIR: dir }, log));
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(demoSecretFile(dir)).mode & 0o777).toBe(0o600);
    expect(warnings).toEqual([{ file: demoSecretFile(dir) }]);
    expect(toHex(loadFairnessSecret({ DATA_DIR: dir }, log))).toBe(first);
    expect(warnings).toHaveLength(1);
  });

  it("is configured as 64 hex characters, one way, with epochs of whole ticks", () => {
    expect(() => loadConfig({ FAIRNESS_SECRET: "abc" })).toThrow(/FAIRNESS_SECRET: not 64 hex characters/);
    expect(() => loadConfig({ FAIRNESS_NEXT_SECRET: "xyz" })).toThrow(/FAIRNESS_NEXT_SECRET: not 64 hex/);
    expect(() => loadConfig({ FAIRNESS_SECRET: HEX, FAIRNESS_SECRET_FILE: "/x" })).toThrow(
      /not set together/,
    );
    expect(() => loadConfig({ FAIRNESS_EPOCH_SECONDS: "1", FEED_INTERVAL_MS: "300" })).toThrow(
      /whole number of FEED_INTERVAL_MS/,
    );
    expect(loadConfig({})).toMatchObject({ FAIRNESS_EPOCH_SECONDS: 300, FAIRNESS_CHAIN_EPOCHS: 8640 });
  });
});
