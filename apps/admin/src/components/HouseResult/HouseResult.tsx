import { formatMoney, toMinor } from "@tickfair/contract";
import { theme } from "antd";
import { useTranslation } from "react-i18next";
import { signedColour } from "../../lib/market-colours";

/**
 * The house's result as a signed amount, coloured as the dashboard colours it (a gain as a rise, a
 * loss as a fall, in the operator's language's convention).
 */
export function HouseResult({ amount, testId }: { amount: string; testId?: string }) {
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  const colour = signedColour(toMinor(amount), i18n.language);
  return (
    <span
      className="tabular"
      style={colour ? { color: colour === "red" ? token.colorError : token.colorSuccess } : undefined}
      data-testid={testId}
    >
      {formatMoney(amount, i18n.language, { signed: true })}
    </span>
  );
}
