import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * Runs bench/<script> with tsx in a process of its own (so the load it makes does not share an event
 * loop with what it measures) and resolves with the JSON of its last stdout line.
 */
export function runChild<T>(script: string, options: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ROOT, "bench", script), JSON.stringify(options)],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      const last = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0) {
        reject(new Error(`bench/${script} exited with ${code ?? signal}\n${stdout}`));
        return;
      }
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`bench/${script} printed no result:\n${stdout}`));
      }
    });
  });
}
