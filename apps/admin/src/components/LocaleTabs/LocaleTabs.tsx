import { CheckCircleFilled } from "@ant-design/icons";
import type { Locale } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from "@tickfair/contract";
import { Tabs, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface Props {
  /** Which locales hold text: their tab carries a tick, so a missing translation shows at a glance. */
  written: (locale: Locale) => boolean;
  /** One locale's fields. Every tab is rendered at once so the form validates the hidden ones too. */
  children: (locale: Locale) => ReactNode;
  /** `<prefix>-tab-<locale>` and `<prefix>-written-<locale>`, for the journeys. */
  testIdPrefix: string;
  activeKey?: Locale;
  onChange?: (locale: Locale) => void;
}

/** A text in every locale, one tab each: the default locale first and marked required. */
export function LocaleTabs({ written, children, testIdPrefix, activeKey, onChange }: Props) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      activeKey={activeKey}
      onChange={(key) => onChange?.(key as Locale)}
      items={LOCALES.map((locale) => ({
        key: locale,
        forceRender: true,
        label: (
          <span data-testid={`${testIdPrefix}-tab-${locale}`}>
            {LOCALE_NAMES[locale]}
            {locale === DEFAULT_LOCALE && " *"}
            {written(locale) && (
              <Typography.Text type="success" className="locale-tabs__written">
                <CheckCircleFilled
                  aria-label={t("common.written")}
                  data-testid={`${testIdPrefix}-written-${locale}`}
                />
              </Typography.Text>
            )}
          </span>
        ),
        children: children(locale),
      }))}
    />
  );
}
