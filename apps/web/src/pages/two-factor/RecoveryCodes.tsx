import { Button } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/CopyButton/CopyButton";

/** Recovery codes, shown once: to copy, and to say they are kept before leaving. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="card two-factor__card" data-testid="totp-recovery-codes">
      <h2 className="two-factor__heading">{t("twoFactor.codesTitle")}</h2>
      <p className="two-factor__text">{t("twoFactor.codesIntro")}</p>
      <ol className="two-factor__codes">
        {codes.map((code) => (
          <li key={code} data-testid="totp-recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="two-factor__row">
        <CopyButton text={codes.join("\n")} label={t("twoFactor.codesTitle")} testId="totp-codes-copy" />
      </div>
      <Button block color="primary" onClick={onSaved} data-testid="totp-codes-saved">
        {t("twoFactor.saved")}
      </Button>
    </section>
  );
}
