import fs from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints, at the end of a run, what each failed journey's page showed when it failed: the page's
 * accessibility snapshot from Playwright's error context, without the navigation around it. A run on
 * another machine leaves only its log, and "not found" alone does not say whether a dialog stayed
 * open, an error was shown or the page was elsewhere.
 */
const MAX_LINES = 80;
const MAX_FAILURES = 3;

/** Landmarks the same on every page (the console's side menu, the phone's tab bar). */
const CHROME = /^\s*- (complementary|navigation|banner|menu)\b/;
/** What a failure most often hinges on: an open dialog, an error, a toast. */
const FIRST = /^\s*- (dialog|alertdialog|alert|status)\b/;

const depthOf = (line: string) => line.length - line.trimStart().length;

/** Each top line of `lines` with the lines nested below it. */
function subtrees(lines: string[], root: RegExp): { picked: string[]; rest: string[] } {
  const picked: string[] = [];
  const rest: string[] = [];
  let inside: number | null = null;
  for (const line of lines) {
    if (inside !== null && depthOf(line) > inside) {
      picked.push(line);
      continue;
    }
    inside = root.test(line) ? depthOf(line) : null;
    (inside === null ? rest : picked).push(line);
  }
  return { picked, rest };
}

/**
 * The page's snapshot from Playwright's error context: open dialogs, alerts and toasts first, then
 * the rest, the navigation the same on every page dropped, at most `MAX_LINES` lines.
 */
export function pageSnapshot(errorContext: string): string[] {
  const yaml = /```yaml\n([\s\S]*?)```/.exec(errorContext)?.[1] ?? "";
  const lines = subtrees(
    yaml
      .split("\n")
      .filter((line) => line.trim() !== "")
      // Playwright's handles for its own tools, noise in a log.
      .map((line) => line.replace(/ \[(ref=[^\]]+|cursor=pointer)\]/g, "")),
    CHROME,
  ).rest;
  const { picked, rest } = subtrees(lines, FIRST);
  const kept = [...picked, ...rest];
  return kept.length > MAX_LINES
    ? [...kept.slice(0, MAX_LINES), `… ${kept.length - MAX_LINES} more lines`]
    : kept;
}

export default class FailureReporter implements Reporter {
  private readonly failures: { title: string; lines: string[] }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === "passed" || result.status === "skipped") return;
    const context = result.attachments.find((attachment) => attachment.name === "error-context");
    if (!context?.path || !fs.existsSync(context.path)) return;
    const title = `${test.parent.project()?.name ?? ""} › ${test.location.file.split("/").pop()}:${test.location.line} › ${test.title}`;
    this.failures.push({ title, lines: pageSnapshot(fs.readFileSync(context.path, "utf8")) });
  }

  onEnd(_result: FullResult): void {
    for (const { title, lines } of this.failures.slice(0, MAX_FAILURES)) {
      console.log(`\nThe page when it failed: ${title}`);
      for (const line of lines) console.log(`  ${line}`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
