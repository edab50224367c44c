import { LOCALE_NAMES, LOCALES, type Locale } from "@tickfair/contract";
import { DotLoading, Popup, Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { changeLanguage, currentLocale, i18next } from "../../i18n";
import { IconCheck } from "../icons";
import "./language-sheet.css";

interface LanguageSheetProps {
  visible: boolean;
  onClose: () => void;
}

/** Bottom sheet with the ten languages, each in its own name; choosing one switches at once. */
export function LanguageSheet({ visible, onClose }: LanguageSheetProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Locale | null>(null);
  const active = currentLocale();

  async function choose(lng: Locale) {
    if (pending) return;
    if (lng === active) {
      onClose();
      return;
    }
    setPending(lng);
    try {
      await changeLanguage(lng);
      onClose();
      Toast.show({ icon: "success", content: i18next.t("common.settingSuccess") });
    } catch {
      Toast.show({ content: i18next.t("common.networkError") });
    } finally {
      setPending(null);
    }
  }

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div className="sheet__header">
        <span className="sheet__title">{t("language.title")}</span>
      </div>
      <ul className="sheet__list" data-testid="language-sheet">
        {LOCALES.map((lng) => (
          <li key={lng}>
            <button
              type="button"
              className={`sheet__option${lng === active ? " sheet__option--active" : ""}`}
              lang={lng}
              aria-pressed={lng === active}
              data-testid={`language-option-${lng}`}
              onClick={() => void choose(lng)}
            >
              <span>{LOCALE_NAMES[lng]}</span>
              {pending === lng ? <DotLoading color="primary" /> : lng === active ? <IconCheck /> : null}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="sheet__cancel" onClick={onClose}>
        {t("common.cancel")}
      </button>
    </Popup>
  );
}
