import type { Contract } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import "./wallet-mark.css";

/** "Practice" in the practice colour: marks practice contracts and balances wherever they are shown. */
export function WalletMark() {
  const { t } = useTranslation();
  return (
    <span className="wallet-mark" data-testid="practice-mark">
      {t("practice.practice")}
    </span>
  );
}

/** The mark on a practice contract; nothing on a real one. */
export function ContractWalletMark({ contract }: { contract: Pick<Contract, "wallet"> }) {
  return contract.wallet === "practice" ? <WalletMark /> : null;
}
