/** What every benchmark module returns to bench/run.ts. */
export interface BenchResult {
  /** False when the bench found something wrong (not merely slow): the run exits 1. */
  ok: boolean;
  /** One flat object of figures, printed as the bench's last line of output, as JSON. */
  summary: { bench: string } & Record<string, number | string | null>;
}

export interface Bench {
  name: string;
  description: string;
  run(): Promise<BenchResult>;
}

/** Rows as aligned text columns: the first left-aligned, the others right-aligned. */
export function table(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  "),
    )
    .join("\n");
}

/** A figure for the report: thousands separated, `digits` decimals. */
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
