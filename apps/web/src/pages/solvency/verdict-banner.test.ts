import { readFileSync } from "node:fs";
import { formatMoney, LOCALES, type SolvencyProof } from "@tickfair/contract";
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import type { ProofVerdict } from "../../lib/solvency-proof";
import { verdictTexts } from "./VerdictBanner";

const PROOF: SolvencyProof = {
  day: "2026-11-27",
  root: "a".repeat(64),
  totalMinor: "7513405",
  nonce: "b".repeat(64),
  balanceMinor: "1879950",
  path: [],
};

/** The verdict as a reader of `locale` reads it, with the app's own texts of that locale. */
async function shown(verdict: ProofVerdict, locale: string): Promise<string> {
  const texts = JSON.parse(
    readFileSync(new URL(`../../i18n/locales/solvency/${locale}.json`, import.meta.url), "utf8"),
  ) as object;
  const i18n = createInstance();
  await i18n.init({
    lng: locale,
    resources: { [locale]: { translation: texts } },
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const { title, text } = verdictTexts(verdict, PROOF, i18n.t, locale);
  return `${title} | ${text}`;
}

describe("the proof's verdict", () => {
  it("states the balance, the day and the declared total in the reader's language", async () => {
    expect(await shown({ ok: true }, "en")).toBe(
      "Verified in your phone | Your balance of 18,799.50 on Nov 27, 2026 is included in the platform's declared total of 75,134.05.",
    );
    expect(await shown({ ok: true }, "de")).toBe(
      "Auf Ihrem Telefon geprüft | Ihr Guthaben von 18.799,50 am 27.11.2026 ist in der von der Plattform erklärten Gesamtsumme von 75.134,05 enthalten.",
    );
    expect(await shown({ ok: true }, "zh-CN")).toBe(
      "已在您的手机上验证 | 您在 2026年11月27日 的余额 18,799.50 已计入平台公布的总额 75,134.05。",
    );
  });

  it("says why a proof failed and claims nothing about the balance", async () => {
    const text = await shown({ ok: false, problem: "published" }, "en");
    expect(text).toBe(
      "The check failed | The root or total in your proof is not the one published to everyone for that day. Please contact customer service.",
    );
    expect(text).not.toContain("18,799.50");
  });

  it("has every figure and every failure in all ten languages, none left as a key", async () => {
    const verdicts: ProofVerdict[] = [
      { ok: true },
      ...(["format", "depth", "root", "total", "published"] as const).map((problem) => ({
        ok: false as const,
        problem,
      })),
    ];
    for (const locale of LOCALES) {
      for (const verdict of verdicts) {
        const text = await shown(verdict, locale);
        expect(text, `${locale} ${JSON.stringify(verdict)}`).not.toMatch(/solvency\.|\{\{/);
        if (verdict.ok) expect(text, locale).toContain(formatMoney("18799.50", locale));
      }
    }
  });
});
