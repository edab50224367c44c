import { useTranslation } from "react-i18next";
import { paths } from "../../lib/paths";
import { Link } from "../../router";
import { IconHeadset, IconLock } from "../icons";
import "./locked-note.css";

/** A bound withdrawal account is locked: only customer service can change it. */
export function LockedNote() {
  const { t } = useTranslation();
  return (
    <div className="warn-note locked-note" data-testid="account-locked-note">
      <IconLock className="locked-note__icon" />
      <span className="locked-note__text">{t("account.lockedNote")}</span>
      <Link to={paths.chat} className="locked-note__link" data-testid="account-chat">
        <IconHeadset />
        {t("account.contactService")}
      </Link>
    </div>
  );
}
