import { useTranslation } from "react-i18next";
import { useWithdrawalAccount } from "../../api/cashier";
import { IconBank, IconChevronRight, IconCoin } from "../../components/icons";
import { LockedNote } from "../../components/LockedNote/LockedNote";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { NoWithdrawalAccount } from "../../components/WithdrawalAccountCard/NoWithdrawalAccount";
import { WithdrawalAccountCard } from "../../components/WithdrawalAccountCard/WithdrawalAccountCard";
import { paths } from "../../lib/paths";
import { Link, useNavigate } from "../../router";
import "./account.css";

const accountDetailPath = (type: "bank" | "crypto") => `${paths.withdrawAccountDetail}?type=${type}`;

/** Withdrawal account: the bound one (locked), or "not yet bound" with the two kinds to choose from. */
export default function Account() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useWithdrawalAccount();
  const account = query.data?.account;

  return (
    <div className="page">
      <PageNavBar title={t("account.title")} backTo={paths.user} />
      <main className="page__body cashier">
        {awaitingData(query) ? (
          <QueryCard query={query} lines={4} />
        ) : account ? (
          <>
            <section className="card cashier-card">
              <WithdrawalAccountCard account={account} />
            </section>
            <LockedNote />
            <SubmitButton pending={false} testId="account-withdraw" onClick={() => navigate(paths.withdraw)}>
              {t("account.withdrawNow")}
            </SubmitButton>
          </>
        ) : (
          <>
            <NoWithdrawalAccount text={t("account.notBoundText")} testId="account-not-bound" />
            <h2 className="cashier__heading">{t("account.chooseType")}</h2>
            <div className="type-choices">
              <Link
                to={accountDetailPath("bank")}
                className="tile-row type-choice card"
                data-testid="account-bind-bank"
              >
                <span className="icon-tile type-choice__icon">
                  <IconBank />
                </span>
                <span className="tile-row__text type-choice__text">
                  <strong>{t("account.typeBank")}</strong>
                  <small>{t("account.typeBankText")}</small>
                </span>
                <IconChevronRight className="type-choice__arrow" />
              </Link>
              <Link
                to={accountDetailPath("crypto")}
                className="tile-row type-choice card"
                data-testid="account-bind-crypto"
              >
                <span className="icon-tile icon-tile--crypto type-choice__icon">
                  <IconCoin />
                </span>
                <span className="tile-row__text type-choice__text">
                  <strong>{t("account.typeCrypto")}</strong>
                  <small>{t("account.typeCryptoText")}</small>
                </span>
                <IconChevronRight className="type-choice__arrow" />
              </Link>
            </div>
          </>
        )}
      </main>
    </div>
  );
}
