import { formatMoney, type SavingsRecord, type SavingsRecordType } from "@tickfair/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSavingsRecords } from "../../api/savings-records";
import { Chip } from "../../components/Chip/Chip";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatCalendarDate, recordAmount } from "../../lib/savings-format";
import { formatDateTime, formatWhen } from "../../lib/time";
// The same filter row and record rows as the fund records.
import "../../components/RecordList/record-list.css";

/** The contract's SAVINGS_RECORD_TYPES, kept zod-free here. */
const TYPES: readonly SavingsRecordType[] = ["in", "out", "income", "confirmation"];

/** Yu'ebao records: moves in and out, income and confirmations, newest first, filtered by type. */
export default function SavingsRecords() {
  const { t } = useTranslation();
  const [type, setType] = useState<SavingsRecordType | "">("");
  const query = useSavingsRecords(type);

  return (
    <div className="page fund-records">
      <PageNavBar title={t("savings.recordsTitle")} backTo={paths.savings} />
      <div className="fund-filter" role="toolbar" aria-label={t("savings.recordsTitle")}>
        {(["", ...TYPES] as const).map((value) => (
          <Chip
            key={value || "all"}
            active={type === value}
            aria-pressed={type === value}
            data-testid={`savings-filter-${value || "all"}`}
            onClick={() => setType(value)}
          >
            {value ? t(`savings.type.${value}`) : t("common.all")}
          </Chip>
        ))}
      </div>
      <main className="page__body cashier fund-records__body">
        <PagedList
          query={query}
          testId="savings-records"
          empty={<EmptyState title={t("savings.noRecords")} testId="savings-records-empty" />}
          renderItem={(record) => <RecordRow key={record.id} record={record} />}
        />
      </main>
    </div>
  );
}

function RecordRow({ record }: { record: SavingsRecord }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { amount, signed } = recordAmount(record);
  const day = (date: string) => formatCalendarDate(date, locale);
  const note =
    record.type === "income" && record.incomeDate
      ? t("savings.earnedFor", { date: day(record.incomeDate) })
      : record.type === "in" && record.confirmsOn
        ? t("savings.confirmsOn", { date: day(record.confirmsOn) })
        : null;
  return (
    <li className="fund-row card" data-testid="savings-record" data-type={record.type}>
      <div className="fund-row__line">
        <span className="fund-row__type">{t(`savings.type.${record.type}`)}</span>
        <span
          className={`fund-row__amount num ${signed ? pnlClass(amount) : ""}`}
          data-testid="savings-record-amount"
        >
          {formatMoney(amount, locale, { signed })}
        </span>
      </div>
      <div className="fund-row__line fund-row__line--sub">
        <time dateTime={record.at} title={formatDateTime(record.at, locale)}>
          {formatWhen(record.at, locale)}
        </time>
        {note ? <span>{note}</span> : null}
      </div>
    </li>
  );
}
