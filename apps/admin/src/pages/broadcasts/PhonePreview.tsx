import type { BroadcastText } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import "./broadcasts.css";

/** A broadcast as a reader's phone shows it in their inbox: plain text, line breaks kept. */
export function PhonePreview({ text, lang, time }: { text: BroadcastText; lang: string; time: string }) {
  const { t } = useTranslation();
  const empty = !text.title && !text.body;
  return (
    <div className="broadcast-phone" data-testid="broadcast-preview">
      <div className="broadcast-phone-bar">{t("broadcasts.previewInbox")}</div>
      <div className="broadcast-phone-card" lang={lang}>
        {empty ? (
          <span className="broadcast-phone-empty">{t("broadcasts.previewEmpty")}</span>
        ) : (
          <>
            <div className="broadcast-phone-title" data-testid="broadcast-preview-title">
              {text.title}
            </div>
            <div className="broadcast-phone-time tabular">{time}</div>
            <div className="broadcast-phone-body" data-testid="broadcast-preview-body">
              {text.body}
            </div>
          </>
        )}
      </div>
    </div>
  );
}
