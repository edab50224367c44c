import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

/** Makes fresh temporary folders named after `prefix`, each removed after the test that made it. */
export function useTempDirs(prefix: string): () => string {
  const folders: string[] = [];
  afterEach(() => {
    for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
}
