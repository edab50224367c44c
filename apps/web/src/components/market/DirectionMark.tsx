import { useTranslation } from "react-i18next";

const GLYPH = { up: "▲", down: "▼" } as const;

/**
 * ▲ for a rise, ▼ for a fall, so the direction is not told by colour alone (none when flat). Beside
 * words that already say it ("Buy up") it is hidden from screen readers; alone, it says its word.
 */
export function DirectionMark({
  direction,
  spoken = false,
}: {
  direction: "up" | "flat" | "down";
  spoken?: boolean;
}) {
  const { t } = useTranslation();
  if (direction === "flat") return null;
  return spoken ? (
    <span className="direction-mark" role="img" aria-label={t(`market.${direction}`)}>
      {GLYPH[direction]}
    </span>
  ) : (
    <span className="direction-mark" aria-hidden="true">
      {GLYPH[direction]}
    </span>
  );
}
