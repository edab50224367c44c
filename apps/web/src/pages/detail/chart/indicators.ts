/**
 * The chart's indicators as pure functions of a series of closes (oldest first). Each returns one value
 * per input, null where its window is not yet full, so the result lines up with the bars. Plain floats:
 * the indicators are drawn, never settled or shown as an amount. Definitions: docs/decisions/0071-full-chart.md.
 */
export type Line = (number | null)[];

/** Simple moving average of the last `period` values. */
export function sma(values: readonly number[], period: number): Line {
  const out: Line = [];
  let sum = 0;
  values.forEach((value, i) => {
    sum += value;
    if (i >= period) sum -= values[i - period] as number;
    out.push(i >= period - 1 ? sum / period : null);
  });
  return out;
}

/**
 * Exponential moving average, α = 2 / (period + 1), started from the simple average of the first
 * `period` values (so it starts where that average does, not at an arbitrary first value).
 */
export function ema(values: readonly number[], period: number): Line {
  const alpha = 2 / (period + 1);
  const out: Line = [];
  let previous: number | null = null;
  let sum = 0;
  values.forEach((value, i) => {
    if (previous === null) {
      sum += value;
      if (i === period - 1) previous = sum / period;
    } else {
      previous = alpha * value + (1 - alpha) * previous;
    }
    out.push(previous);
  });
  return out;
}

/** EMA of a line that starts with nulls (MACD's signal over its DIF). */
function emaAfterNulls(line: Line, period: number): Line {
  const start = line.findIndex((v) => v !== null);
  if (start < 0) return line.map(() => null);
  const tail = ema(line.slice(start) as number[], period);
  return [...line.slice(0, start).map(() => null), ...tail];
}

export interface Bands {
  upper: Line;
  middle: Line;
  lower: Line;
}

/** Bollinger bands: the SMA of `period`, ± `width` population standard deviations over the same window. */
export function bollinger(values: readonly number[], period = 20, width = 2): Bands {
  const middle = sma(values, period);
  const upper: Line = [];
  const lower: Line = [];
  middle.forEach((mean, i) => {
    if (mean === null) {
      upper.push(null);
      lower.push(null);
      return;
    }
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += ((values[j] as number) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper.push(mean + width * deviation);
    lower.push(mean - width * deviation);
  });
  return { upper, middle, lower };
}

export interface Macd {
  /** DIF: EMA(fast) − EMA(slow). */
  macd: Line;
  /** DEA: the EMA(signal) of DIF. */
  signal: Line;
  /** DIF − DEA. */
  histogram: Line;
}

export function macd(values: readonly number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const dif = fastLine.map((f, i) => {
    const s = slowLine[i];
    return f === null || s === null || s === undefined ? null : f - s;
  });
  const dea = emaAfterNulls(dif, signalPeriod);
  const histogram = dif.map((d, i) => {
    const s = dea[i];
    return d === null || s === null || s === undefined ? null : d - s;
  });
  return { macd: dif, signal: dea, histogram };
}

/**
 * Relative strength index with Wilder's smoothing: the first average gain and loss are the simple
 * averages of the first `period` changes, each later one (previous × (period − 1) + change) / period.
 * No change at all reads 50; only gains, 100.
 */
export function rsi(values: readonly number[], period = 14): Line {
  const out: Line = values.length > 0 ? [null] : [];
  let gain = 0;
  let loss = 0;
  for (let i = 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    const up = Math.max(change, 0);
    const down = Math.max(-change, 0);
    if (i <= period) {
      gain += up / period;
      loss += down / period;
    } else {
      gain = (gain * (period - 1) + up) / period;
      loss = (loss * (period - 1) + down) / period;
    }
    if (i < period) out.push(null);
    else if (gain === 0 && loss === 0) out.push(50);
    else out.push(100 - 100 / (1 + gain / loss));
  }
  return out;
}
