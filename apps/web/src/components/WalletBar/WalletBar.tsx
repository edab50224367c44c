import { formatMoney } from "@tickfair/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePracticeAccount } from "../../api/practice";
import { useSession } from "../../store/session";
import { useWallet } from "../../store/wallet";
import { Segment, Segmented } from "../Segmented/Segmented";
import { WalletMark } from "./WalletMark";
import "./wallet-bar.css";

/**
 * The switch between real money and the practice account, on every screen that trades or lists
 * contracts; in practice, the practice balance (its own colour and label, so it is never taken for
 * money) and its reset.
 */
export function WalletBar() {
  const { t, i18n } = useTranslation();
  const signedIn = useSession((s) => s.token !== null);
  const { wallet, setWallet } = useWallet();
  const account = usePracticeAccount(wallet === "practice");
  const [resetting, setResetting] = useState(false);
  if (!signedIn) return null;

  async function confirmReset() {
    const amount = formatMoney(account.data?.startingBalance ?? "10000.00", i18n.language);
    setResetting(true);
    try {
      const { confirmPracticeReset } = await import("./practice-reset");
      await confirmPracticeReset(t, amount);
    } finally {
      setResetting(false);
    }
  }

  return (
    <section className={`wallet-bar wallet-bar--${wallet}`} data-testid="wallet-bar" data-wallet={wallet}>
      <Segmented label={t("practice.switchLabel")}>
        <Segment active={wallet === "real"} data-testid="wallet-real" onClick={() => setWallet("real")}>
          {t("practice.real")}
        </Segment>
        <Segment
          active={wallet === "practice"}
          data-testid="wallet-practice"
          onClick={() => setWallet("practice")}
        >
          {t("practice.practice")}
        </Segment>
      </Segmented>
      {wallet === "practice" ? (
        <div className="wallet-bar__practice">
          <div className="wallet-bar__row">
            <WalletMark />
            <span className="wallet-bar__balance">
              {t("practice.balance")}{" "}
              <strong className="num" data-testid="practice-available">
                {account.data ? formatMoney(account.data.available, i18n.language) : "—"}
              </strong>
            </span>
            <button
              type="button"
              className="wallet-bar__reset"
              data-testid="practice-reset"
              disabled={resetting}
              onClick={() => void confirmReset()}
            >
              {t("practice.reset")}
            </button>
          </div>
          <p className="wallet-bar__note">{t("practice.note")}</p>
        </div>
      ) : null}
    </section>
  );
}
