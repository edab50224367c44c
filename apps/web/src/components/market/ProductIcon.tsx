import { PRODUCT_ICONS } from "./product-icons";
import "./product-name.css";

/** Up to two letters or digits of the symbol's base ("NEW/USD" → "NE"): the icon of an unknown product. */
export function initialsOf(symbol: string): string {
  const base = symbol.split("/")[0] ?? "";
  const initials = base.replace(/[^\p{L}\p{N}]/gu, "").slice(0, 2);
  return initials.toUpperCase() || "?";
}

/**
 * A product's icon (32×32 grid, own colours). Decorative by default, since the product's name is shown
 * next to it (in a `.product-name`, the icon then a <strong> name and a <small> symbol); pass `label`
 * where it stands alone.
 */
export function ProductIcon({ symbol, size = 32, label }: { symbol: string; size?: number; label?: string }) {
  return (
    <svg
      className="product-icon"
      width={size}
      height={size}
      viewBox="0 0 32 32"
      focusable="false"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {PRODUCT_ICONS[symbol] ?? (
        <>
          <circle cx="16" cy="16" r="15" fill="#e8ecf3" />
          <text
            x="16"
            y="16"
            dy=".35em"
            textAnchor="middle"
            fill="#5b6478"
            fontSize="11"
            fontWeight="700"
            fontFamily="inherit"
          >
            {initialsOf(symbol)}
          </text>
        </>
      )}
    </svg>
  );
}
