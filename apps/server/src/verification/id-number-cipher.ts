import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** A key that encrypts ID numbers, by its id (written beside each ciphertext, so old keys still decrypt). */
export interface CipherKey {
  id: string;
  key: Buffer;
}

export interface IdNumberKeys {
  /** The first encrypts; every one decrypts what it encrypted. */
  keys: CipherKey[];
  /** The keyed hash's key: the same number always hashes alike, whichever key encrypted it. */
  indexKey: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;

function key32(base64: string, what: string): Buffer {
  const key = Buffer.from(base64, "base64");
  if (key.length !== 32) throw new Error(`${what} must be 32 bytes, base64`);
  return key;
}

/** `id:base64,id:base64` (ID_NUMBER_KEYS) and ID_NUMBER_INDEX_KEY, as configured. */
export function parseIdNumberKeys(keys: string, indexKey: string): IdNumberKeys {
  const parsed = keys.split(",").map((entry) => {
    const [id = "", material = ""] = entry.trim().split(":");
    if (!KEY_ID.test(id))
      throw new Error(`ID_NUMBER_KEYS: "${id}" is not a key id (letters, digits, - or _)`);
    return { id, key: key32(material, `ID_NUMBER_KEYS key ${id}`) };
  });
  if (parsed.length === 0) throw new Error("ID_NUMBER_KEYS names no key");
  return { keys: parsed, indexKey: key32(indexKey, "ID_NUMBER_INDEX_KEY") };
}

/**
 * The keys from configuration, or — for a setup that names none (the embedded demo) — from a file in
 * the data folder, made with fresh random keys the first time. Production names them in configuration
 * and keeps them apart from the database's backups.
 */
export function loadIdNumberKeys(config: {
  ID_NUMBER_KEYS?: string | undefined;
  ID_NUMBER_INDEX_KEY?: string | undefined;
  DATA_DIR: string;
}): IdNumberKeys {
  if (config.ID_NUMBER_KEYS || config.ID_NUMBER_INDEX_KEY) {
    if (!config.ID_NUMBER_KEYS || !config.ID_NUMBER_INDEX_KEY)
      throw new Error("ID_NUMBER_KEYS and ID_NUMBER_INDEX_KEY go together");
    return parseIdNumberKeys(config.ID_NUMBER_KEYS, config.ID_NUMBER_INDEX_KEY);
  }
  const file = path.resolve(config.DATA_DIR, "secrets", "id-number-keys.json");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const fresh = {
      keys: `k1:${randomBytes(32).toString("base64")}`,
      indexKey: randomBytes(32).toString("base64"),
    };
    fs.writeFileSync(file, JSON.stringify(fresh), { mode: 0o600, flag: "wx" });
  }
  const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { keys: string; indexKey: string };
  return parseIdNumberKeys(stored.keys, stored.indexKey);
}

/** What is compared and hashed: capitals, no spaces or dashes ("11010519491231002x" and "…002X" alike). */
export function normaliseIdNumber(idNumber: string): string {
  return idNumber.replace(/[\s-]/g, "").toUpperCase();
}

/** AES-256-GCM: `id:iv:tag:ciphertext`, each part base64. */
export function encryptIdNumber(keys: IdNumberKeys, idNumber: string): string {
  const current = keys.keys[0];
  if (!current) throw new Error("no ID number key");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", current.key, iv);
  const sealed = Buffer.concat([cipher.update(normaliseIdNumber(idNumber), "utf8"), cipher.final()]);
  return [
    current.id,
    iv.toString("base64"),
    cipher.getAuthTag().toString("base64"),
    sealed.toString("base64"),
  ].join(":");
}

export function decryptIdNumber(keys: IdNumberKeys, stored: string): string {
  const [id, iv, tag, sealed] = stored.split(":");
  const entry = keys.keys.find((candidate) => candidate.id === id);
  if (!entry || !iv || !tag || sealed === undefined) throw new Error(`no key ${id} for an ID number`);
  const decipher = createDecipheriv("aes-256-gcm", entry.key, Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(sealed, "base64")), decipher.final()]).toString("utf8");
}

/** Which key encrypted a stored number: rotation re-encrypts those not under the first. */
export const keyIdOf = (stored: string): string => stored.split(":")[0] ?? "";

/** The keyed hash the database's unique index compares. */
export function idNumberIndex(keys: IdNumberKeys, idNumber: string): string {
  return createHmac("sha256", keys.indexKey).update(normaliseIdNumber(idNumber)).digest("hex");
}

/** What screens show: the first three and the last two characters (110*************2X). */
export function maskIdNumber(idNumber: string): string {
  const normal = normaliseIdNumber(idNumber);
  if (normal.length <= 6)
    return `${normal.slice(0, 1)}${"*".repeat(Math.max(0, normal.length - 2))}${normal.slice(-1)}`;
  return `${normal.slice(0, 3)}${"*".repeat(normal.length - 5)}${normal.slice(-2)}`;
}
