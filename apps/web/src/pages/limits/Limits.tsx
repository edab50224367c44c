import type { LimitKind, UserLimit } from "@tickfair/contract";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLimits } from "../../api/limits";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { RefreshOnPull } from "../../components/RefreshOnPull/RefreshOnPull";
import { RiskWarning } from "../../components/RiskWarning/RiskWarning";
import { useNow } from "../../lib/countdown";
import { LIMIT_GROUPS } from "../../lib/limit-format";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import { LimitRow } from "./LimitRow";
import { TakeBreak } from "./TakeBreak";
import "./limits.css";

const loadLimitSheet = () => import("./LimitSheet");
// The edit sheet (antd's Popup, the amount field) comes once the page is up, before the first tap.
const LimitSheet = lazy(() => loadLimitSheet().then((module) => ({ default: module.LimitSheet })));

/**
 * The user's own limits and breaks (ARCHITECTURE §5 "Responsible trading"): what is in force and how
 * much each period has used, changes waiting their 24 hours with a countdown, and the break.
 */
export default function Limits() {
  const { t, i18n } = useTranslation();
  const limits = useLimits();
  const [editing, setEditing] = useState<LimitKind | null>(null);
  const waiting = limits.data?.limits.some((limit) => limit.pending !== null) ?? false;
  const now = useNow(waiting);
  const byKind = new Map<LimitKind, UserLimit>(limits.data?.limits.map((limit) => [limit.kind, limit]));
  const activeBreak = limits.data?.activeBreak ?? null;
  const edited = editing ? byKind.get(editing) : undefined;
  useEffect(() => {
    loadLimitSheet().catch(() => {
      // Offline: fetched again when a limit is tapped.
    });
  }, []);

  return (
    <div className="page">
      <PageNavBar title={t("limits.title")} backTo={paths.settings} />
      <main className="page__body limits">
        <RefreshOnPull onRefresh={() => limits.refetch()}>
          <div className="limits__stack">
            <RiskWarning showLimitsLink={false} />
            {awaitingData(limits) ? (
              <QueryCard query={limits} heading lines={6} className="card limits__card" />
            ) : (
              <>
                {activeBreak ? (
                  <section className="limits-break-banner" role="status" data-testid="limits-active-break">
                    <strong>
                      {t(`limits.active.${activeBreak.kind}`, {
                        until: formatDateTime(activeBreak.until, i18n.language),
                      })}
                    </strong>
                    <span>{t("limits.active.body")}</span>
                  </section>
                ) : null}
                <p className="limits__intro">
                  {t("limits.intro")} {t("limits.rule")}
                </p>
                {LIMIT_GROUPS.map(({ group, kinds }) => (
                  <section key={group} className="card limits__card" data-testid={`limits-group-${group}`}>
                    <h2 className="limits__heading">{t(`limits.groups.${group}`)}</h2>
                    <ul className="limits__rows">
                      {kinds.map((kind) => {
                        const limit = byKind.get(kind);
                        return limit ? (
                          <LimitRow key={kind} limit={limit} now={now} onEdit={() => setEditing(kind)} />
                        ) : null;
                      })}
                    </ul>
                  </section>
                ))}
                <TakeBreak activeBreak={activeBreak} />
              </>
            )}
          </div>
        </RefreshOnPull>
      </main>
      {edited ? (
        <Suspense fallback={null}>
          <LimitSheet key={edited.kind} limit={edited} onClose={() => setEditing(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
