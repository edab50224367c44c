import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";

/**
 * A running server owns its embedded database folder: PGlite keeps the database in memory and writes
 * it back only now and then, so a second process opening the folder reads stale data and may break it.
 * The server leaves this file in the data folder while it listens, so tools can tell, and reach it instead.
 */
export const HOLD_FILE = "server.json";

export interface DataDirHold {
  pid: number;
  /** Where the holding server answers, e.g. `http://127.0.0.1:8080`. */
  url: string;
  since: string;
}

export function holdFilePath(dataDir: string): string {
  return path.resolve(dataDir, HOLD_FILE);
}

/** Whether a process with this id exists (one we may not signal still exists). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The hold on `dataDir`, or null when there is none. A file left behind by a process that died without
 * closing (a crash, SIGKILL) does not hold the folder, nor does one this tool cannot read.
 */
export function readHold(
  dataDir: string,
  alive: (pid: number) => boolean = processAlive,
): DataDirHold | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(holdFilePath(dataDir), "utf8"));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { pid, url, since } = parsed as Record<string, unknown>;
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0 || typeof url !== "string") return null;
  if (!alive(pid)) return null;
  return { pid, url, since: typeof since === "string" ? since : "" };
}

/**
 * Marks `dataDir` as held by this process, answering at `url`. The returned release removes the mark
 * (only if it is still this process's), and runs at exit too, so only a killed process leaves one behind.
 */
export function holdDataDir(dataDir: string, url: string, at: Date = new Date()): () => void {
  const file = holdFilePath(dataDir);
  const hold: DataDirHold = { pid: process.pid, url, since: at.toISOString() };
  // Written whole under another name, then renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, `${JSON.stringify(hold)}\n`);
  fs.renameSync(partial, file);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    if (readHold(dataDir, () => true)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  process.on("exit", release);
  return release;
}

/** The URL a local tool reaches a server at, from the address it listens on (any-address → loopback). */
export function localUrl(address: AddressInfo | string | null): string {
  if (address === null || typeof address === "string") throw new Error("the server listens on no TCP port");
  if (address.family === "IPv6" || address.address.includes(":")) {
    const host = address.address === "::" ? "::1" : address.address;
    return `http://[${host}]:${address.port}`;
  }
  const host = address.address === "0.0.0.0" ? "127.0.0.1" : address.address;
  return `http://${host}:${address.port}`;
}
