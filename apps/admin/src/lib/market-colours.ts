import { riseColourOf } from "@tickfair/browser/market-colours";

/** antd's preset colour names, which tags take and theme tokens map. */
type MoveColour = "red" | "green";

/** The colour of a move up or down in the operator's language: the same rule as the phone's. */
export function moveColour(move: "up" | "down", locale: string): MoveColour {
  const rise = riseColourOf(locale);
  if (move === "up") return rise;
  return rise === "red" ? "green" : "red";
}

/** A signed amount's colour: a gain as a rise, a loss as a fall; none for zero. */
export function signedColour(amount: bigint, locale: string): MoveColour | undefined {
  if (amount === 0n) return undefined;
  return moveColour(amount > 0n ? "up" : "down", locale);
}
