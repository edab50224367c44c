import type { ReactNode } from "react";
import { formatChange } from "../../lib/market-format";
import { signOf } from "../../lib/pnl";
import { DirectionMark } from "./DirectionMark";
import "./market-tags.css";

const DIRECTION = { 1: "up", 0: "flat", [-1]: "down" } as const;

/** Which way a 24 h change went. */
export function changeDirection(change: string): "up" | "flat" | "down" {
  return DIRECTION[signOf(change)];
}

/** A 24 h change on a rise's or a fall's colour, with its mark. */
export function MarketChange({ change, locale, testId }: { change: string; locale: string; testId: string }) {
  const direction = changeDirection(change);
  return (
    <span className={`market-change market-change--${direction}`} data-testid={testId}>
      <DirectionMark direction={direction} spoken />
      {formatChange(change, locale)}
    </span>
  );
}

/** The states that ask for care; any other (closed) is told in grey. */
const WARN_KINDS = new Set(["maintenance", "simulated"]);

/** A product's state in a small tag: closed, in maintenance, simulated. */
export function MarketTag({ kind, testId, children }: { kind: string; testId: string; children: ReactNode }) {
  return (
    <span className={WARN_KINDS.has(kind) ? "pill pill--warn" : "pill"} data-testid={testId}>
      {children}
    </span>
  );
}
