import type { SolvencyProof } from "@tickfair/contract";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { IconAlert, IconShield } from "../../components/icons";
import { type ProofVerdict, proofStatement } from "../../lib/solvency-proof";

/** The verdict's heading and sentence in the reader's language and number format. */
export function verdictTexts(
  verdict: ProofVerdict,
  proof: SolvencyProof,
  t: TFunction,
  locale: string,
): { title: string; text: string } {
  if (!verdict.ok) return { title: t("solvency.failed"), text: t(`solvency.problem.${verdict.problem}`) };
  return { title: t("solvency.verified"), text: t("solvency.included", proofStatement(proof, locale)) };
}

/**
 * What the phone concluded, first on the page: the balance, the day and the total it found the balance
 * in, or why the proof failed. Its colours are in solvency.css, which the page loads.
 */
export function VerdictBanner({ verdict, proof }: { verdict: ProofVerdict; proof: SolvencyProof }) {
  const { t, i18n } = useTranslation();
  const { title, text } = verdictTexts(verdict, proof, t, i18n.language);
  return (
    <div
      className={`solvency-banner solvency-banner--${verdict.ok ? "pass" : "fail"}`}
      role="status"
      data-testid="solvency-verdict"
      data-verdict={verdict.ok ? "pass" : "fail"}
    >
      {verdict.ok ? (
        <IconShield className="solvency-banner__icon" />
      ) : (
        <IconAlert className="solvency-banner__icon" />
      )}
      <span>
        <strong>{title}</strong>
        <small data-testid="solvency-statement">{text}</small>
      </span>
    </div>
  );
}
