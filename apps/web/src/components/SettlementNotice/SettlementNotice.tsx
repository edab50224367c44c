import { type Contract, formatMoney } from "@tickfair/contract";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSettlements } from "../../api/settlements";
import { orderDetailPath } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { useNavigate, usePathname, useSearch } from "../../router";
import { IconClose } from "../icons";
import { ContractWalletMark } from "../WalletBar/WalletMark";
import { showsResult } from "./settlement-notice";
import "./settlement-notice.css";

/** Long enough to read a line; the result stays in the orders page. */
const SHOWN_MS = 8_000;

/**
 * A contract closed while the user is elsewhere in the app (not on a screen that shows its result by
 * itself): a short notice with the result and the amount; tapping it opens the order.
 * Mounted while signed in.
 */
export default function SettlementNotice() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const pathname = usePathname();
  const search = useSearch();
  const [shown, setShown] = useState<Contract | null>(null);
  useSettlements((contract) => {
    if (!showsResult(pathname, search, contract)) setShown(contract);
  });
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => setShown(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  if (!shown) return null;

  const result = shown.result ?? "void";
  const amount = shown.profit ?? "0.00";
  return (
    <div className="settlement-notice-slot">
      <div
        className={`settlement-notice settlement-notice--${result}`}
        role="status"
        data-testid="settlement-notice"
      >
        <button
          type="button"
          className="settlement-notice__body"
          data-testid="settlement-notice-open"
          onClick={() => {
            setShown(null);
            navigate(orderDetailPath(shown.id));
          }}
        >
          <span className="settlement-notice__text">
            <strong>
              <ContractWalletMark contract={shown} />
              {t(`trading.settled.title.${result}`)}
            </strong>
            <small>
              {t("trading.settled.notice", {
                symbol: shown.symbol,
                direction: t(`trading.${shown.direction}`),
                stake: formatMoney(shown.stake, i18n.language),
              })}
            </small>
          </span>
          <strong
            className={`num settlement-notice__amount ${pnlClass(amount)}`}
            data-testid="settlement-notice-amount"
          >
            {formatMoney(amount, i18n.language, { signed: true })}
          </strong>
        </button>
        <button
          type="button"
          className="settlement-notice__close"
          aria-label={t("trading.settled.dismiss")}
          onClick={() => setShown(null)}
        >
          <IconClose />
        </button>
      </div>
    </div>
  );
}
