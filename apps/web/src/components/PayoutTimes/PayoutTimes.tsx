import { formatElapsed } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { usePayoutStats } from "../../api/payout-stats";
import { paths } from "../../lib/paths";
import { Link } from "../../router";
import "./payout-times.css";

/**
 * The platform's published payout times (the last 30 days, from every withdrawal's timeline) and,
 * with `pledge`, the plain promise that nothing is ever asked for to release a withdrawal, and where
 * to complain. Public figures: shown to visitors too.
 */
export function PayoutTimes({ pledge = false }: { pledge?: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const stats = usePayoutStats();
  const data = stats.data;
  const share = (bps: number) =>
    new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(bps / 10_000);
  const count = (value: number) => new Intl.NumberFormat(locale).format(value);
  return (
    <section className="card payout-times" data-testid="payout-times">
      <h2 className="payout-times__title">{t("withdraw.payouts.title")}</h2>
      {data ? (
        data.medianSeconds === null || data.p95Seconds === null ? (
          <p className="payout-times__empty" data-testid="payout-times-empty">
            {t("withdraw.payouts.empty", { days: data.days })}
          </p>
        ) : (
          <>
            <dl className="payout-times__figures">
              <div>
                <dt>{t("withdraw.payouts.median")}</dt>
                <dd className="num" data-testid="payout-median">
                  {formatElapsed(data.medianSeconds, locale)}
                </dd>
              </div>
              <div>
                <dt>{t("withdraw.payouts.p95")}</dt>
                <dd className="num" data-testid="payout-p95">
                  {formatElapsed(data.p95Seconds, locale)}
                </dd>
              </div>
              <div>
                <dt>{t("withdraw.payouts.rejected")}</dt>
                <dd className="num" data-testid="payout-rejected">
                  {data.rejectedBps === null ? "—" : share(data.rejectedBps)}
                </dd>
              </div>
            </dl>
            <p className="payout-times__basis">
              {t("withdraw.payouts.basis", {
                days: data.days,
                paid: count(data.paid),
                withdrawals: count(data.withdrawals),
              })}
            </p>
          </>
        )
      ) : null}
      {pledge ? (
        <p className="warn-note payout-times__pledge" data-testid="payout-pledge">
          {t("withdraw.payouts.pledge")}{" "}
          <Link to={paths.chat} data-testid="payout-complain">
            {t("withdraw.payouts.complain")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
