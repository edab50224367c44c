import { type Contract, formatMoney } from "@tickfair/contract";
import type { TFunction } from "i18next";
import { changeDirection } from "../../components/market/MarketTags";
import { formatChange, formatPrice } from "../../lib/market-format";

/**
 * The seconds left at which an open contract's countdown is said aloud: often enough to follow the
 * contract, seldom enough not to talk over everything else (0 is its expiry).
 */
export const COUNTDOWN_POINTS = [30, 10, 0] as const;

/**
 * The point of COUNTDOWN_POINTS the countdown passed going from `before` to `after` ms left, or null.
 * Only a passing is told: a contract first seen at 25 s says nothing about 30 s, and a countdown that
 * jumped two points (the phone slept) says only the latest.
 */
export function countdownPoint(before: number | null, after: number | null): number | null {
  if (before === null || after === null) return null;
  for (const point of [...COUNTDOWN_POINTS].reverse()) {
    if (before > point * 1000 && after <= point * 1000) return point;
  }
  return null;
}

/** The product's price and its 24 h change as a sentence, for a user who asked to hear it. */
export function priceSentence(
  t: TFunction,
  quote: { name: string; price: string; precision: number; change: string | null },
  locale: string,
): string {
  const price = formatPrice(quote.price, quote.precision, locale);
  if (quote.change === null) return t("trading.announce.priceOnly", { name: quote.name, price });
  const direction = changeDirection(quote.change);
  // The words say which way; the figure is said without its sign.
  const change = formatChange(quote.change, locale).replace(/[+\-−]/g, "");
  return t(`trading.announce.price.${direction}`, { name: quote.name, price, change });
}

type Position = Pick<Contract, "direction" | "stake">;

/** "Up, 10.00: 10 seconds left", or at 0 that the contract's time is up. */
export function countdownSentence(t: TFunction, contract: Position, point: number, locale: string): string {
  const position = {
    direction: t(`trading.${contract.direction}`),
    stake: formatMoney(contract.stake, locale),
  };
  return point === 0
    ? t("trading.announce.expired", position)
    : t("trading.announce.left", { ...position, count: point });
}

/** A closed contract's result with its amounts: won and what it paid, lost, or the stake refunded. */
export function resultSentence(
  t: TFunction,
  contract: Pick<Contract, "direction" | "stake" | "result" | "payout" | "profit">,
  locale: string,
): string {
  const money = (value: string | null) => formatMoney(value ?? "0.00", locale);
  return t(`trading.announce.result.${contract.result ?? "void"}`, {
    direction: t(`trading.${contract.direction}`),
    stake: money(contract.stake),
    payout: money(contract.payout),
    profit: money(contract.profit),
  });
}
