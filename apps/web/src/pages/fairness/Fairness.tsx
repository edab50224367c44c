import type { Fairness as Chain } from "@tickfair/contract";
import { formatClock } from "@tickfair/contract";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { type ListedEpoch, useFairness, useFairnessEpochs } from "../../api/fairness";
import { type DetailRow, DetailRows } from "../../components/DetailRows/DetailRows";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { HexValue } from "../../components/HexValue/HexValue";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { TitledCard } from "../../components/TitledCard/TitledCard";
import { currentLocale } from "../../i18n";
import { useNow } from "../../lib/countdown";
import { formatDateTime } from "../../lib/time";
import "./fairness.css";

/** The time of day an epoch starts or ends: to the second where epochs are not whole minutes. */
function epochTime(iso: string, epochSeconds: number): string {
  return formatClock(new Date(iso), currentLocale(), { seconds: epochSeconds % 60 !== 0 });
}

/** "04:59" until an instant, never below zero. */
function countdown(untilMs: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((untilMs - now) / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

function chainEndsAt(chain: Chain): string {
  return new Date(Date.parse(chain.startsAt) + chain.chainLength * chain.epochSeconds * 1000).toISOString();
}

function CommitmentCard({ chain }: { chain: Chain }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const number = new Intl.NumberFormat(locale);
  const rows: DetailRow[] = [
    {
      label: t("orders.fairness.anchor"),
      value: <HexValue hex={chain.anchor} testId="fairness-anchor" />,
      rowClassName: "fairness__wide",
    },
    { label: t("orders.fairness.algorithm"), value: chain.algorithm },
    {
      label: t("orders.fairness.epochLength"),
      value:
        chain.epochSeconds % 60 === 0
          ? t("orders.fairness.minutes", { count: chain.epochSeconds / 60 })
          : t("orders.fairness.seconds", { count: chain.epochSeconds }),
    },
    {
      label: t("orders.fairness.chainStarted"),
      value: formatDateTime(chain.startsAt, locale),
      className: "num",
    },
    {
      label: t("orders.fairness.chainEnds"),
      value: formatDateTime(chainEndsAt(chain), locale),
      className: "num",
    },
    {
      label: t("orders.fairness.epochsLeft"),
      value: number.format(chain.chainLength - (chain.currentEpoch?.index ?? 0)),
      className: "num",
      testId: "fairness-epochs-left",
    },
    {
      label: t("orders.fairness.products"),
      value: chain.products.map((p) => p.symbol).join(" · "),
      rowClassName: "fairness__wide",
    },
  ];
  return (
    <TitledCard id="fairness-commitment" title={t("orders.fairness.commitment")} className="fairness__card">
      <DetailRows rows={rows} className="detail-rows fairness__rows" />
      {chain.nextChain ? (
        <DetailRows
          className="detail-rows fairness__rows"
          rows={[
            {
              label: t("orders.fairness.nextAnchor"),
              value: <HexValue hex={chain.nextChain.anchor} testId="fairness-next-anchor" />,
              rowClassName: "fairness__wide",
            },
            {
              label: t("orders.fairness.nextStarts"),
              value: formatDateTime(chain.nextChain.startsAt, locale),
            },
          ]}
        />
      ) : null}
    </TitledCard>
  );
}

function CurrentEpochCard({ chain, now }: { chain: Chain; now: number }) {
  const { t } = useTranslation();
  const epoch = chain.currentEpoch;
  return (
    <TitledCard id="fairness-current" title={t("orders.fairness.currentEpoch")} className="fairness__card">
      {epoch ? (
        <>
          <p className="fairness__big num" data-testid="fairness-current-index">
            {t("orders.fairness.epochNumber", { index: epoch.index })}
          </p>
          <p className="fairness__text">
            {t("orders.fairness.revealIn", {
              time: epochTime(epoch.endsAt, chain.epochSeconds),
              left: countdown(Date.parse(epoch.endsAt), now),
            })}
          </p>
        </>
      ) : (
        <p className="fairness__text">{t("orders.fairness.noCurrentEpoch")}</p>
      )}
    </TitledCard>
  );
}

function EpochItem({ epoch, epochSeconds }: { epoch: ListedEpoch; epochSeconds: number }) {
  const { t } = useTranslation();
  return (
    <li className="card cashier-card fairness__card" data-testid="fairness-epoch">
      <p className="fairness__epoch-head num">
        <span>{t("orders.fairness.epochNumber", { index: epoch.index })}</span>
        <span className="fairness__muted">
          {epochTime(epoch.startsAt, epochSeconds)}–{epochTime(epoch.endsAt, epochSeconds)}
        </span>
      </p>
      {epoch.seed ? (
        <HexValue hex={epoch.seed} testId="fairness-seed" />
      ) : (
        <p className="fairness__muted" data-testid="fairness-seed-pending">
          {t("orders.fairness.seedPending", { time: epochTime(epoch.endsAt, epochSeconds) })}
        </p>
      )}
    </li>
  );
}

/**
 * How the synthetic markets' prices are fixed in advance, and how to check them: public, for
 * visitors too (docs/fairness.md).
 */
export default function Fairness() {
  const { t } = useTranslation();
  const chain = useFairness();
  const endsAt = chain.data?.currentEpoch ? Date.parse(chain.data.currentEpoch.endsAt) : null;
  const now = useNow(endsAt !== null);
  const epochs = useFairnessEpochs(false);
  const ended = endsAt !== null && now >= endsAt;
  const { refetch: refetchChain } = chain;
  const { refetch: refetchEpochs } = epochs;
  useEffect(() => {
    // The seed is published as the epoch ends: read both again then, so it appears without a reload.
    if (!ended) return;
    void refetchChain();
    void refetchEpochs();
  }, [ended, refetchChain, refetchEpochs]);

  return (
    <div className="page">
      <PageNavBar title={t("orders.fairness.title")} />
      <main className="page__body cashier" data-testid="fairness-page">
        <p className="fairness__text">{t("orders.fairness.intro")}</p>
        {awaitingData(chain) || !chain.data ? (
          <QueryCard query={chain} lines={6} heading className="card cashier-card" />
        ) : (
          <>
            <CurrentEpochCard chain={chain.data} now={now} />
            <CommitmentCard chain={chain.data} />
          </>
        )}
        <TitledCard id="fairness-how" title={t("orders.fairness.howToCheck")} className="fairness__card">
          <ol className="fairness__steps">
            <li>{t("orders.fairness.stepSeed")}</li>
            <li>{t("orders.fairness.stepPath")}</li>
            <li>{t("orders.fairness.stepContract")}</li>
          </ol>
          <p className="fairness__text fairness__muted">{t("orders.fairness.custody")}</p>
        </TitledCard>
        <h2 className="cashier__heading">{t("orders.fairness.publishedSeeds")}</h2>
        <PagedList
          query={epochs}
          testId="fairness-epochs"
          className="fairness__epochs"
          empty={<EmptyState title={t("orders.fairness.noEpochs")} />}
          renderItem={(epoch) => (
            <EpochItem key={epoch.id} epoch={epoch} epochSeconds={chain.data?.epochSeconds ?? 60} />
          )}
        />
      </main>
    </div>
  );
}
