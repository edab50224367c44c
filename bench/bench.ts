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

/** The `q` quantile (0 to 1) of figures sorted ascending; 0 when there are none. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** What a measured window saw: operations completed inside it, their rate and latency. */
export interface WindowFigures {
  count: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Operations completed in the window's first and last whole second: whether the rate holds up. */
  firstSecond: number;
  lastSecond: number;
}

/**
 * A warm-up followed by a measured window: only operations that start and end inside the window count,
 * so the warm-up's slow starts and the stragglers past the end do not.
 */
export class MeasuredWindow {
  readonly #start: number;
  readonly #end: number;
  readonly #durationMs: number;
  readonly #latencies: number[] = [];
  readonly #perSecond: number[];

  constructor(options: { warmupMs: number; durationMs: number }) {
    this.#start = performance.now() + options.warmupMs;
    this.#end = this.#start + options.durationMs;
    this.#durationMs = options.durationMs;
    this.#perSecond = new Array<number>(Math.ceil(options.durationMs / 1000)).fill(0);
  }

  /** Whether the window has not ended yet: workers keep going until then. */
  get running(): boolean {
    return performance.now() < this.#end;
  }

  /** Counts an operation that ran from `t0` to `t1` (performance.now()) if it lies inside the window. */
  record(t0: number, t1: number): boolean {
    if (t0 < this.#start || t1 > this.#end) return false;
    this.#latencies.push(t1 - t0);
    const second = Math.floor((t1 - this.#start) / 1000);
    this.#perSecond[second] = (this.#perSecond[second] ?? 0) + 1;
    return true;
  }

  figures(): WindowFigures {
    const sorted = [...this.#latencies].sort((a, b) => a - b);
    const seconds = this.#durationMs / 1000;
    return {
      count: sorted.length,
      seconds,
      perSecond: sorted.length / seconds,
      p50Ms: quantile(sorted, 0.5),
      p99Ms: quantile(sorted, 0.99),
      firstSecond: this.#perSecond[0] ?? 0,
      lastSecond: this.#perSecond[this.#perSecond.length - 1] ?? 0,
    };
  }
}
