/** The rules of a rise/fall contract (docs/fairness.md, ARCHITECTURE §5): no I/O, prices and money exact. */

export type Direction = "up" | "down";
export type Outcome = "win" | "lose" | "draw";
export type Result = Outcome | "void";

const PRICE = /^(\d+)(?:\.(\d+))?$/;

/** Compares two decimal price strings exactly (any number of decimals, no float): -1, 0 or 1. */
export function comparePrices(a: string, b: string): -1 | 0 | 1 {
  const x = PRICE.exec(a);
  const y = PRICE.exec(b);
  if (!x || !y) throw new RangeError(`not a price: ${JSON.stringify(x ? b : a)}`);
  const width = Math.max(x[2]?.length ?? 0, y[2]?.length ?? 0);
  const scaled = (m: RegExpExecArray) => BigInt((m[1] ?? "0") + (m[2] ?? "").padEnd(width, "0"));
  const left = scaled(x);
  const right = scaled(y);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Up wins if the exit is above the entry, down if below; an unchanged price is a draw. */
export function outcomeOfMove(direction: Direction, move: -1 | 0 | 1): Outcome {
  if (move === 0) return "draw";
  return move > 0 === (direction === "up") ? "win" : "lose";
}

/** The outcome from two decimal price strings. */
export const outcomeOf = (direction: Direction, entryPrice: string, exitPrice: string): Outcome =>
  outcomeOfMove(direction, comparePrices(exitPrice, entryPrice));
