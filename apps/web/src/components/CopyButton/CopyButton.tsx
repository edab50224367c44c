import { copyText } from "@tickfair/browser/clipboard";
import { Toast } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { IconCopy } from "../icons";
import "./copy-button.css";

/** A small "copy" button; says whether the copy worked. */
export function CopyButton({ text, testId, label }: { text: string; testId?: string; label?: string }) {
  const { t } = useTranslation();
  async function copy() {
    const ok = await copyText(text);
    Toast.show(ok ? { icon: "success", content: t("cashier.copied") } : { content: t("cashier.copyFailed") });
  }
  return (
    <button
      type="button"
      className="copy-button"
      data-testid={testId}
      aria-label={label ? `${t("common.copy")} ${label}` : t("common.copy")}
      onClick={() => void copy()}
    >
      <IconCopy />
      <span>{t("common.copy")}</span>
    </button>
  );
}
