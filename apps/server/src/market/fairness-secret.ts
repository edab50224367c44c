import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fromHex, SEED_BYTES } from "@tickfair/verify";
import type { MarketLog } from "./feed-runner";

/** Why the feed does not start: the message says what to set. */
export class FairnessRefusal extends Error {}

export interface SecretSettings {
  FAIRNESS_SECRET?: string | undefined;
  FAIRNESS_NEXT_SECRET?: string | undefined;
  FAIRNESS_SECRET_FILE?: string | undefined;
  DATA_DIR: string;
  NODE_ENV?: string | undefined;
}

/** Where a demo keeps the secret it made itself, beside the ID number keys. */
export function demoSecretFile(dataDir: string): string {
  return path.resolve(dataDir, "secrets", "fairness-secret");
}

function parseSecret(text: string, where: string): Uint8Array {
  const secret = fromHex(text.trim().toLowerCase());
  if (secret === null || secret.length !== SEED_BYTES)
    throw new FairnessRefusal(`${where} does not hold a fairness secret (64 hex characters)`);
  return secret;
}

/**
 * The chain's secret s_N, read only by the process that runs the feed, when it starts to: from
 * FAIRNESS_SECRET, from FAIRNESS_SECRET_FILE, or — outside production, with neither — from a file the
 * demo makes once in DATA_DIR (mode 0600), so a fresh start works out of the box. Never logged.
 */
export function loadFairnessSecret(settings: SecretSettings, log: MarketLog): Uint8Array {
  if (settings.FAIRNESS_SECRET) return parseSecret(settings.FAIRNESS_SECRET, "FAIRNESS_SECRET");
  if (settings.FAIRNESS_SECRET_FILE) {
    let text: string;
    try {
      text = fs.readFileSync(settings.FAIRNESS_SECRET_FILE, "utf8");
    } catch (error) {
      throw new FairnessRefusal(
        `FAIRNESS_SECRET_FILE ${settings.FAIRNESS_SECRET_FILE} cannot be read: ${(error as Error).message}`,
      );
    }
    return parseSecret(text, `FAIRNESS_SECRET_FILE ${settings.FAIRNESS_SECRET_FILE}`);
  }
  if (settings.NODE_ENV === "production")
    throw new FairnessRefusal(
      "the synthetic feed needs its chain's secret: set FAIRNESS_SECRET or FAIRNESS_SECRET_FILE (docs/operations.md, Fairness)",
    );
  const file = demoSecretFile(settings.DATA_DIR);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, `${randomBytes(SEED_BYTES).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
      log.warn(
        { file },
        "market: made a fairness secret for this demo; production sets FAIRNESS_SECRET or FAIRNESS_SECRET_FILE and keeps it apart from the database's backups",
      );
    } catch (error) {
      // Another process made it first: read theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return parseSecret(fs.readFileSync(file, "utf8"), file);
}

/** The successor chain's secret (FAIRNESS_NEXT_SECRET), when one is configured. */
export function loadNextFairnessSecret(settings: SecretSettings): Uint8Array | null {
  return settings.FAIRNESS_NEXT_SECRET
    ? parseSecret(settings.FAIRNESS_NEXT_SECRET, "FAIRNESS_NEXT_SECRET")
    : null;
}
