import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse, stringify } from "yaml";

export const ALERT_RULES = path.resolve(import.meta.dirname, "../../../../docs/monitoring/alerts.yml");

/** One sample of a scrape in the text format: its series (name and labels as written) and value. */
export interface Sample {
  series: string;
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text-format scrape (comments skipped). */
export function parseScrape(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const [, name = "", braces = "", value = ""] = match;
    const labels: Record<string, string> = {};
    for (const label of braces.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[label[1] ?? ""] = (label[2] ?? "").replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    samples.push({ series: `${name}${braces}`, name, labels, value: Number(value) });
  }
  return samples;
}

/** The value of the sample `name` with exactly these labels among its own, or undefined. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  return samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

interface Rule {
  alert: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The alert rules of docs/monitoring/alerts.yml. */
export function alertRules(): Rule[] {
  const file = parse(fs.readFileSync(ALERT_RULES, "utf8")) as { groups: { rules: Rule[] }[] };
  return file.groups.flatMap((group) => group.rules);
}

/**
 * Runs `promtool test rules` with the scrape held for an hour (one sample a minute) as its input, and
 * expects exactly `firing` (alert name → the series labels of each alert it fires) at the hour's end.
 * Resolves to promtool's output; rejects with it when an expectation fails.
 */
export async function promtoolExpect(
  samples: Sample[],
  firing: Record<string, Record<string, string>[]>,
): Promise<string> {
  const render = (text: string, labels: Record<string, string>) =>
    text.replace(/\{\{ \$labels\.([a-z_]+) \}\}/g, (_, key: string) => labels[key] ?? "");
  const test = {
    rule_files: [ALERT_RULES],
    evaluation_interval: "1m",
    tests: [
      {
        interval: "1m",
        input_series: samples
          .filter((sample) => Number.isFinite(sample.value))
          .map((sample) => ({ series: sample.series, values: `${sample.value}+0x180` })),
        alert_rule_test: alertRules().map((rule) => ({
          eval_time: "3h",
          alertname: rule.alert,
          exp_alerts: (firing[rule.alert] ?? []).map((labels) => ({
            exp_labels: { ...rule.labels, ...labels },
            exp_annotations: Object.fromEntries(
              Object.entries(rule.annotations ?? {}).map(([key, text]) => [key, render(text, labels)]),
            ),
          })),
        })),
      },
    ],
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tickfair-promtool-"));
  try {
    const file = path.join(dir, "test.yml");
    fs.writeFileSync(file, stringify(test));
    const { stdout } = await promisify(execFile)("promtool", ["test", "rules", file]).catch(
      (error: { stdout?: string; stderr?: string }) => {
        throw new Error(`promtool test rules failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`);
      },
    );
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `promtool check rules` on the alert rules. */
export async function promtoolCheck(): Promise<string> {
  const { stdout } = await promisify(execFile)("promtool", ["check", "rules", ALERT_RULES]);
  return stdout;
}
