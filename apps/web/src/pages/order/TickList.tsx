import type { ContractDetail, Tick } from "@tickfair/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatClock, formatTickPrice } from "../../lib/trading-format";
import "./tick-list.css";

/** Up to this many ticks are listed in full; a longer list shows its two ends until asked for all. */
const FULL_LIST = 20;
const END_ROWS = 6;

/**
 * The recorded ticks from the entry to the exit (as served: at most 600), the entry and the exit
 * marked, and the tick a failed verification blames in red.
 */
export function TickList({ contract, failedSeq }: { contract: ContractDetail; failedSeq: string | null }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [expanded, setExpanded] = useState(false);
  const { ticks } = contract;
  const blamedInMiddle = ticks.slice(END_ROWS, -END_ROWS).some((tick) => tick.seq === failedSeq);
  const folded = !expanded && !blamedInMiddle && ticks.length > FULL_LIST;
  const head = folded ? ticks.slice(0, END_ROWS) : ticks;
  const tail = folded ? ticks.slice(-END_ROWS) : [];

  const row = (tick: Tick) => {
    const mark = tick.seq === contract.entry?.seq ? "entry" : tick.seq === contract.exit?.seq ? "exit" : null;
    const failed = tick.seq === failedSeq;
    return (
      <li
        key={tick.seq}
        className={`tick-row${mark ? ` tick-row--${mark}` : ""}${failed ? " tick-row--failed" : ""}`}
        data-testid="tick-row"
        data-seq={tick.seq}
      >
        <span className="num">
          #{tick.seq}
          {mark ? <small>{mark === "entry" ? t("orders.entryMark") : t("orders.exitMark")}</small> : null}
        </span>
        <span className="num">{formatClock(tick.time, locale)}</span>
        <span className="num tick-row__price">{formatTickPrice(tick.price, locale)}</span>
        <code className="tick-row__hash" title={tick.hash}>
          {tick.hash.slice(0, 8)}
        </code>
      </li>
    );
  };

  return (
    <section className="card contract-section" data-testid="tick-list">
      <h2 className="contract-section__title">
        {t("orders.ticksTitle")} <span className="num contract-section__count">{ticks.length}</span>
      </h2>
      <div className="tick-row tick-row--head" aria-hidden="true">
        <span>{t("orders.tickSeq")}</span>
        <span>{t("orders.tickTime")}</span>
        <span className="tick-row__price">{t("orders.tickPrice")}</span>
        <span className="tick-row__hash">{t("orders.tickHash")}</span>
      </div>
      <ol className="tick-rows">
        {head.map(row)}
        {folded ? (
          <li className="tick-rows__more">
            <button type="button" data-testid="tick-list-all" onClick={() => setExpanded(true)}>
              {t("orders.showAllTicks", { n: ticks.length })}
            </button>
          </li>
        ) : null}
        {tail.map(row)}
      </ol>
    </section>
  );
}
