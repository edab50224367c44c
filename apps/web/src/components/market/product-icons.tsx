import type { ReactNode } from "react";

/**
 * The insides of each product's icon, by symbol: our own flat drawings on a 32×32 grid (no gradients,
 * no ids, so any number may share a page). ProductIcon wraps them in the <svg> frame; a symbol missing
 * here gets its initials instead. Add a product: add its symbol here (ProductIcon.test.ts checks the
 * catalogue against this map).
 */

/** Currency glyphs for the FX discs, drawn around (0, 0) within ±4.6 and stroked in white. */
const GLYPH = {
  EUR: "M3.7-3.2A4.2 4.2 0 1 0 3.7 3.2M-4.6-1h5.4m-5.4 2.2h5.4",
  USD: "M0-5V5m2.8-7.4C2.3-3.2 1.3-3.6 0-3.6c-1.7 0-2.8.8-2.8 1.8S-1.6-.2 0 0s2.8.7 2.8 1.9-1.1 1.7-2.8 1.7c-1.4 0-2.5-.5-3-1.3",
  GBP: "M2.6-2.7C2.3-3.8 1.5-4.4.4-4.4c-1.2 0-2 .9-2 2.2V1c0 1.3-.6 2.5-1.7 3.2h6.7M-3.4-.3h4.6",
  JPY: "M-3.6-4.4 0-.4l3.6-4M0-.4v4.9M-3 .9h6M-3 3h6",
  AUD: "M-4.8 3.6l2.1-7.2 2.1 7.2M-4.1 1.2h2.8M2.5-3.5v7m2-5.2C4.1-2.2 3.4-2.5 2.5-2.5c-1.2 0-2 .6-2 1.3s.8 1.1 2 1.2 2 .5 2 1.3-.8 1.2-2 1.2c-1 0-1.7-.4-2.1-.9",
} as const;
type Currency = keyof typeof GLYPH;

const DISC_COLOUR: Record<Currency, string> = {
  EUR: "#2d5bd3",
  USD: "#15935a",
  GBP: "#6b3fb8",
  JPY: "#d63a3a",
  AUD: "#e08600",
};

const glyph = (currency: Currency, at: number) => (
  <path
    d={GLYPH[currency]}
    transform={`translate(${at} ${at})`}
    fill="none"
    stroke="#fff"
    strokeWidth="1.7"
    strokeLinecap="round"
    strokeLinejoin="round"
  />
);

/** A currency pair: the quote currency's disc behind at the bottom right, the base's in front. */
const pair = (base: Currency, quote: Currency) => (
  <>
    <circle cx="20.5" cy="20.5" r="10" fill={DISC_COLOUR[quote]} />
    {glyph(quote, 23)}
    <circle cx="11.5" cy="11.5" r="10" fill={DISC_COLOUR[base]} stroke="#fff" strokeWidth="1.5" />
    {glyph(base, 11.5)}
  </>
);

export const PRODUCT_ICONS: Readonly<Record<string, ReactNode>> = {
  // A coin with a ₿-like B.
  "BTC/USDT": (
    <>
      <circle cx="16" cy="16" r="15" fill="#f7931a" />
      <path
        d="M13 7v18m3.5-18v2.5m0 13V25M11 9.5h6a3.25 3.25 0 0 1 0 6.5h-6m2 0h5a3.25 3.25 0 0 1 0 6.5h-7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
  // A faceted diamond.
  "ETH/USDT": (
    <>
      <circle cx="16" cy="16" r="15" fill="#5865d8" />
      <path d="M16 5.5 9 16.2l7 4zm-7 12.3 7 4v4.7z" fill="#fff" />
      <path d="M16 5.5l7 10.7-7 4zm7 12.3-7 4v4.7z" fill="#fff" fillOpacity=".65" />
    </>
  ),
  // Three offset bars.
  "SOL/USDT": (
    <>
      <circle cx="16" cy="16" r="15" fill="#171a2f" />
      <g fill="none" strokeWidth="3" strokeLinecap="round">
        <path d="M12 10.5h10.5" stroke="#3ce0b2" />
        <path d="M9.5 16H20" stroke="#8d80f7" />
        <path d="M12 21.5h10.5" stroke="#cf6df0" />
      </g>
    </>
  ),
  // A gold ingot with a glint.
  "XAU/USD": (
    <>
      <circle cx="16" cy="16" r="15" fill="#fdefc3" />
      <path d="M10.5 16h11l3.5 7.5H7z" fill="#d99a12" />
      <path d="M12 11.5h8l1.5 4.5h-11z" fill="#f5c742" />
      <path d="M24 5.5l.8 1.7 1.7.8-1.7.8-.8 1.7-.8-1.7-1.7-.8 1.7-.8z" fill="#e0a51c" />
    </>
  ),
  // A silver ingot.
  "XAG/USD": (
    <>
      <circle cx="16" cy="16" r="15" fill="#e9edf3" />
      <path d="M10.5 16h11l3.5 7.5H7z" fill="#8a95a6" />
      <path d="M12 11.5h8l1.5 4.5h-11z" fill="#c9d1dc" />
    </>
  ),
  "EUR/USD": pair("EUR", "USD"),
  "GBP/USD": pair("GBP", "USD"),
  "USD/JPY": pair("USD", "JPY"),
  "AUD/USD": pair("AUD", "USD"),
  // An index: a rising line on a badge.
  US500: (
    <>
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#1f2d56" />
      <path d="M7 24.5h18" stroke="#fff" strokeOpacity=".3" strokeWidth="1.5" strokeLinecap="round" />
      <path
        d="M7 19.5l5-4.5 3.5 3 5-6.5 4.5 2.5"
        fill="none"
        stroke="#3ddc97"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </>
  ),
};
