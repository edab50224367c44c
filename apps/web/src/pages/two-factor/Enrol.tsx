import type { TotpEnrolment } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { QrCode } from "./QrCode";

/** The secret offered, to scan or type, before the code that proves the app has it. */
export function Enrol({ enrolment }: { enrolment: TotpEnrolment }) {
  const { t } = useTranslation();
  // Groups of four, as authenticator apps show a key typed in by hand.
  const secretShown = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;

  return (
    <>
      <h2 className="two-factor__heading">{t("twoFactor.scan")}</h2>
      <p className="two-factor__text">{t("twoFactor.scanHint")}</p>
      <QrCode value={enrolment.otpauthUri} label={t("twoFactor.scan")} testId="totp-qr" />
      <div className="two-factor__secret">
        <span className="two-factor__label">{t("twoFactor.secretLabel")}</span>
        <code data-testid="totp-secret" data-secret={enrolment.secret}>
          {secretShown}
        </code>
        <CopyButton text={enrolment.secret} label={t("twoFactor.secretLabel")} testId="totp-secret-copy" />
      </div>
      <h2 className="two-factor__heading">{t("twoFactor.enterCode")}</h2>
    </>
  );
}
