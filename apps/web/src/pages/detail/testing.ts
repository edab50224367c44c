import i18next from "i18next";

const texts = import.meta.glob<{ default: Record<string, unknown> }>("../../i18n/locales/trading/*.json", {
  eager: true,
});

/** A `t` that knows the trading screens' texts in `locale`, set up as the app sets up its own. */
export async function tradingTranslator(locale: string) {
  const file = texts[`../../i18n/locales/trading/${locale}.json`];
  if (!file) throw new Error(`no trading texts for ${locale}`);
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: locale,
    resources: { [locale]: { translation: file.default } },
    // As the app's own setup: React escapes, i18next need not ("BTC/USDT" stays as it is).
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}
