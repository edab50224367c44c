import type { ErrorCode, SolvencyProof, SolvencyRoot } from "@tickfair/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/errors";
import { useSolvency, useSolvencyProof } from "../../api/solvency";
import { type DetailRow, DetailRows } from "../../components/DetailRows/DetailRows";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { HexValue } from "../../components/HexValue/HexValue";
import { IconClock } from "../../components/icons";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { TitledCard } from "../../components/TitledCard/TitledCard";
import { currentLocale } from "../../i18n";
import { paths } from "../../lib/paths";
import { formatCalendarDate } from "../../lib/savings-format";
import { formatMinor, pathRows, proofVerdict, shortHash } from "../../lib/solvency-proof";
import { formatDateTime } from "../../lib/time";
import "./solvency.css";
import { VerdictBanner } from "./VerdictBanner";

/** The server's answer to a user its latest snapshot does not hold: joined after that day closed. */
const NOT_INCLUDED: ErrorCode = "SOLVENCY_NOT_INCLUDED";

function SnapshotCard({ proof, published }: { proof: SolvencyProof; published: SolvencyRoot | undefined }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const attestation = published?.attestation ?? null;
  const rows: (DetailRow | null)[] = [
    { label: t("solvency.day"), value: formatCalendarDate(proof.day, locale), className: "num" },
    {
      label: t("solvency.balance"),
      value: formatMinor(proof.balanceMinor, locale),
      className: "num",
      testId: "solvency-balance",
    },
    {
      label: t("solvency.total"),
      value: formatMinor(proof.totalMinor, locale),
      className: "num",
      testId: "solvency-total",
    },
    published
      ? {
          label: t("solvency.users"),
          value: new Intl.NumberFormat(locale).format(published.users),
          className: "num",
          testId: "solvency-users",
        }
      : null,
    published
      ? { label: t("solvency.takenAt"), value: formatDateTime(published.takenAt, locale), className: "num" }
      : null,
    {
      label: t("solvency.root"),
      value: <HexValue hex={proof.root} testId="solvency-root" />,
      rowClassName: "solvency__wide",
    },
    {
      label: t("solvency.attestation"),
      value: attestation ? (
        <a href={attestation.url} target="_blank" rel="noopener" data-testid="solvency-attestation">
          {attestation.name}
        </a>
      ) : (
        <span className="solvency__muted">{t("solvency.noAttestation")}</span>
      ),
      rowClassName: "solvency__wide",
    },
  ];
  return (
    <TitledCard id="solvency-snapshot" title={t("solvency.snapshot")} className="solvency__card">
      <DetailRows rows={rows} className="detail-rows solvency__rows" />
    </TitledCard>
  );
}

/** The path the phone climbed, for whoever wants to follow it by hand (docs/solvency.md has the rule). */
function PathDetails({ proof }: { proof: SolvencyProof }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <details className="card cashier-card solvency__path" data-testid="solvency-path">
      <summary className="cashier-card__title">{t("solvency.pathTitle")}</summary>
      <div className="solvency__path-body">
        <p className="solvency__muted">{t("solvency.pathIntro")}</p>
        <DetailRows
          className="detail-rows solvency__rows"
          rows={[
            {
              label: t("solvency.nonce"),
              value: <HexValue hex={proof.nonce} testId="solvency-nonce" />,
              rowClassName: "solvency__wide",
            },
          ]}
        />
        {proof.path.length === 0 ? (
          // One user alone in the snapshot: their leaf is the root, and their balance the total.
          <p className="solvency__muted" data-testid="solvency-alone">
            {t("solvency.pathAlone")}
          </p>
        ) : (
          <>
            <ol className="solvency__steps">
              {pathRows(proof, locale).map((step) => (
                <li key={step.level} className="solvency__step" data-testid="solvency-step">
                  <span className="solvency__step-head">
                    <span>{t("solvency.step", { level: step.level })}</span>
                    <span className="solvency__muted">{t(`solvency.side.${step.side}`)}</span>
                  </span>
                  <span className="solvency__step-body num">
                    <span>{step.sum}</span>
                    <code className="hex-text" title={step.fullHash}>
                      {step.hash}
                    </code>
                  </span>
                </li>
              ))}
            </ol>
            <p className="solvency__muted">{t("solvency.pathRoot", { root: shortHash(proof.root) })}</p>
          </>
        )}
      </div>
    </details>
  );
}

function ProofBody({ proof, history }: { proof: SolvencyProof; history: readonly SolvencyRoot[] }) {
  const verdict = useMemo(() => proofVerdict(proof, history), [proof, history]);
  const published = history.find((root) => root.day === proof.day);
  return (
    <>
      <VerdictBanner verdict={verdict} proof={proof} />
      <SnapshotCard proof={proof} published={published} />
      <PathDetails proof={proof} />
    </>
  );
}

function ProofSection() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const roots = useSolvency();
  const latest = roots.data?.latest ?? null;
  const proof = useSolvencyProof(latest !== null);
  if (awaitingData(roots) || !roots.data) return <QueryCard query={roots} lines={6} heading />;
  if (!latest) {
    return (
      <EmptyState
        title={t("solvency.noSnapshot")}
        text={t("solvency.noSnapshotText")}
        icon={<IconClock />}
        testId="solvency-empty"
      />
    );
  }
  if (proof.error instanceof ApiError && proof.error.code === NOT_INCLUDED) {
    return (
      <EmptyState
        title={t("solvency.notIncluded")}
        text={t("solvency.notIncludedText", { day: formatCalendarDate(latest.day, locale) })}
        icon={<IconClock />}
        testId="solvency-not-included"
      />
    );
  }
  if (awaitingData(proof) || !proof.data) return <QueryCard query={proof} lines={6} heading />;
  return <ProofBody proof={proof.data} history={roots.data.history} />;
}

/**
 * The user's proof of balance: their balance at the last day's close, and the path from it to the root
 * and total the platform published, recomputed in the phone (docs/solvency.md).
 */
export default function Solvency() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageNavBar title={t("solvency.title")} backTo={paths.user} />
      <main className="page__body cashier" data-testid="solvency-page">
        <p className="solvency__muted">{t("solvency.intro")}</p>
        <ProofSection />
        <TitledCard id="solvency-meaning" title={t("solvency.meaning")} className="solvency__card">
          <p className="solvency__text">
            <strong>{t("solvency.provesTitle")}</strong> {t("solvency.proves")}
          </p>
          <p className="solvency__text">
            <strong>{t("solvency.notProvesTitle")}</strong> {t("solvency.notProves")}
          </p>
        </TitledCard>
      </main>
    </div>
  );
}
