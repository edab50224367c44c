import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const VERIFY_COMMAND = fileURLToPath(new URL("../../../../packages/verify/src/cli.ts", import.meta.url));

/** `npm run verify -- …` as a user runs it: its JSON line and exit code. */
export async function verifyCommand(
  ...args: string[]
): Promise<{ code: number; out: Record<string, unknown> }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--import",
      "tsx",
      VERIFY_COMMAND,
      ...args,
    ]);
    return { code: 0, out: JSON.parse(stdout) };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, out: JSON.parse(failed.stdout) };
  }
}
