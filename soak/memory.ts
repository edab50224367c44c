/**
 * Whether a process's memory stayed flat: the median resident size of the last quarter of its samples
 * over that of the second quarter (the first is start-up and warm-up). Near 1 is flat; a leak grows it.
 */
import type { RssSample } from "./servers";

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

export interface MemoryFigures {
  /** Last-quarter median over second-quarter median; null with too few samples. */
  growth: number | null;
  secondQuarterMiB: number;
  lastQuarterMiB: number;
  peakMiB: number;
  samples: number;
}

export function memoryFigures(samples: readonly RssSample[]): MemoryFigures {
  const kib = samples.map((sample) => sample.kib);
  const quarter = Math.floor(kib.length / 4);
  const toMiB = (value: number) => Math.round(value / 1024);
  if (quarter < 2)
    return {
      growth: null,
      secondQuarterMiB: 0,
      lastQuarterMiB: 0,
      peakMiB: toMiB(Math.max(0, ...kib)),
      samples: kib.length,
    };
  const second = median(kib.slice(quarter, 2 * quarter));
  const last = median(kib.slice(kib.length - quarter));
  return {
    growth: Math.round((last / second) * 100) / 100,
    secondQuarterMiB: toMiB(second),
    lastQuarterMiB: toMiB(last),
    peakMiB: toMiB(Math.max(...kib)),
    samples: kib.length,
  };
}
