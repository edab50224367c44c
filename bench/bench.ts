/** What every benchmark module returns to bench/run.ts. */
export interface BenchResult {
  /** False when the bench found something wrong (not merely slow): the run exits 1. */
  ok: boolean;
  /** One flat object of figures, printed as the bench's last line of output, as JSON. */
  summary: { bench: string } & Record<string, number | string>;
}

export interface Bench {
  name: string;
  description: string;
  run(): Promise<BenchResult>;
}
