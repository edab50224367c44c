/*
 * The odds of a simulated product's contract, from the simulator's published path rule (docs/fairness.md,
 * pathTick of @tickfair/verify): each tick moves the price by trunc(price × ppm × Z / 65536·10^6) units
 * of its last decimal, Z being a sum of twelve uniform 16-bit words less 393216 — a near-normal variable
 * of mean −6 and standard deviation 65536. A contract wins up when the price after its ticks is above
 * the entry, down when below, and draws when it is back exactly at the entry: a whole number of ticks of
 * the price's last decimal, which is likely where a tick rarely moves the price by more than one unit
 * (a currency pair at five decimals) and negligible where it moves it by hundreds (Bitcoin).
 *
 * Probabilities are floats: they describe the contract, they are never an amount of money.
 */

/** What a product's ticks depend on here: its price (scaled integer) and its published volatility. */
export interface StepModel {
  /** The price in units of its last decimal (the scaled integer of a tick). */
  priceUnits: bigint;
  /** Per-tick standard deviation of the relative move, parts per million (the chain's parameter). */
  stepVolatilityPpm: number;
}

export interface Odds {
  up: number;
  down: number;
  draw: number;
}

const Z_MEAN = -6;
const Z_SD = Math.sqrt(65536 ** 2 - 1);
const MOVE_SCALE = 65536 * 1_000_000;
/** Past this many units of spread the exact sum would be large and the normal law is exact enough. */
const EXACT_UP_TO_SD = 25;
/** A step wider than this many units is taken as normal rather than tabulated. */
const WIDE_STEP_SD = 2000;

/** Standard normal CDF (complementary error function, fractional error below 1.2·10⁻⁷). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

const normalPdf = (x: number) => Math.exp(-(x * x) / 2) / Math.sqrt(2 * Math.PI);

/** One tick's move in units: its law as probabilities from `-reach` to `reach`, and the moments. */
interface Step {
  /** The price in units, which the step's size is proportional to. */
  price: number;
  pmf: Float64Array;
  reach: number;
  mean: number;
  variance: number;
  /** Excess kurtosis. */
  kurtosis: number;
}

/** The law of trunc(Y), Y normal with mean `m` and deviation `s`: the integer toward zero. */
export function stepLaw(model: StepModel): Step {
  const c = (Number(model.priceUnits) * model.stepVolatilityPpm) / MOVE_SCALE;
  const m = c * Z_MEAN;
  const s = c * Z_SD;
  // Hundreds of units a tick: the step is the normal itself to a fraction of a unit (the truncation's
  // share of the variance, below), and the sum is never summed exactly.
  if (s > WIDE_STEP_SD)
    return {
      price: Number(model.priceUnits),
      pmf: new Float64Array(0),
      reach: 0,
      mean: m,
      variance: s * s - s * Math.sqrt(2 / Math.PI) + 1 / 3,
      kurtosis: 0,
    };
  const reach = Math.ceil(Math.abs(m) + 10 * s) + 1;
  const pmf = new Float64Array(2 * reach + 1);
  const below = (y: number) => normalCdf((y - m) / s);
  for (let k = -reach; k <= reach; k++) {
    let p: number;
    if (k > 0) p = below(k + 1) - below(k);
    else if (k < 0) p = below(k) - below(k - 1);
    else p = below(1) - below(-1);
    pmf[k + reach] = Math.max(p, 0);
  }
  let mean = 0;
  for (let k = -reach; k <= reach; k++) mean += k * (pmf[k + reach] as number);
  let variance = 0;
  let fourth = 0;
  for (let k = -reach; k <= reach; k++) {
    const d = (k - mean) ** 2;
    variance += d * (pmf[k + reach] as number);
    fourth += d * d * (pmf[k + reach] as number);
  }
  return {
    price: Number(model.priceUnits),
    pmf,
    reach,
    mean,
    variance,
    kurtosis: variance > 0 ? fourth / variance ** 2 - 3 : 0,
  };
}

/** The law of the sum of `n` steps, exactly, cut to ±`half` units (beyond: under 10⁻³⁰). */
function sumLaw(step: Step, n: number, half: number): Float64Array {
  const size = 2 * half + 1;
  const convolve = (a: Float64Array, b: Float64Array) => {
    const out = new Float64Array(size);
    for (let i = 0; i < size; i++) {
      const pa = a[i] as number;
      if (pa === 0) continue;
      for (let j = 0; j < size; j++) {
        const pb = b[j] as number;
        if (pb === 0) continue;
        const k = i + j - half;
        if (k >= 0 && k < size) out[k] = (out[k] as number) + pa * pb;
      }
    }
    return out;
  };
  let power = new Float64Array(size);
  for (let k = -Math.min(step.reach, half); k <= Math.min(step.reach, half); k++)
    power[k + half] = step.pmf[k + step.reach] as number;
  let result = new Float64Array(size);
  result[half] = 1;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) result = convolve(result, power);
    if (rest > 1) power = convolve(power, power);
  }
  return result;
}

/** Up, down and draw after `n` ticks, summing the steps' law exactly (small spreads). */
export function exactOdds(step: Step, n: number): Odds {
  const spread = Math.sqrt(step.variance * n);
  const half = Math.ceil(Math.abs(step.mean * n) + 14 * spread) + step.reach;
  const law = sumLaw(step, n, half);
  let up = 0;
  let down = 0;
  for (let k = 1; k <= half; k++) {
    up += law[half + k] as number;
    down += law[half - k] as number;
  }
  const draw = law[half] as number;
  const total = up + down + draw;
  return { up: up / total, down: down / total, draw: draw / total };
}

/**
 * Up, down and draw after `n` ticks by the local limit theorem on the integers: a draw is the sum's
 * density at zero (with the fourth-cumulant term, the third being nil for a symmetric step), up and
 * down the normal tails past half a unit. Each step is proportional to the price it starts from, so
 * the median path sinks by variance / 2·price a tick (the geometric motion's own drift) beside the
 * step's mean; where the exact sum is used that term is below 10⁻⁴ units a tick and left out.
 */
export function normalOdds(step: Step, n: number): Odds {
  const mean = (step.mean - step.variance / (2 * step.price)) * n;
  const sd = Math.sqrt(step.variance * n);
  const x = -mean / sd;
  const hermite4 = x ** 4 - 6 * x ** 2 + 3;
  const draw = Math.min(1, Math.max(0, (normalPdf(x) / sd) * (1 + (step.kurtosis / (24 * n)) * hermite4)));
  const up = 1 - normalCdf((0.5 - mean) / sd);
  const down = normalCdf((-0.5 - mean) / sd);
  const scale = (1 - draw) / (up + down);
  return { up: up * scale, down: down * scale, draw };
}

/** The odds of a contract lasting `ticks` ticks on a simulated product at this price. */
export function simulatorOdds(model: StepModel, ticks: number): Odds {
  if (!Number.isSafeInteger(ticks) || ticks < 1) throw new RangeError("a contract lasts at least one tick");
  const step = stepLaw(model);
  return Math.sqrt(step.variance * ticks) <= EXACT_UP_TO_SD
    ? exactOdds(step, ticks)
    : normalOdds(step, ticks);
}

/**
 * What 100 staked returns on average: a win pays 100 × (1 + rate), a draw returns the 100, a loss
 * nothing. Two decimals, as the app shows it.
 */
export function returnPer100(win: number, draw: number, payoutRateBps: number): string {
  const value = 100 * (win * (1 + payoutRateBps / 10_000) + draw);
  return (Math.round(value * 100) / 100).toFixed(2);
}
