import { formatMoney, type SavingsRecord, type SavingsRecordType } from "@tickfair/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSavingsRecords } from "../../api/savings-records";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { RecordRow, TypeFilter } from "../../components/RecordList/RecordList";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatCalendarDate, recordAmount } from "../../lib/savings-format";

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
      <TypeFilter
        label={t("savings.recordsTitle")}
        types={TYPES}
        value={type}
        onChange={setType}
        typeLabel={(value) => t(`savings.type.${value}`)}
        allLabel={t("common.all")}
        testIdPrefix="savings-filter"
      />
      <main className="page__body cashier fund-records__body">
        <PagedList
          query={query}
          testId="savings-records"
          empty={<EmptyState title={t("savings.noRecords")} testId="savings-records-empty" />}
          renderItem={(record) => <SavingsRecordRow key={record.id} record={record} />}
        />
      </main>
    </div>
  );
}

function SavingsRecordRow({ record }: { record: SavingsRecord }) {
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
    <RecordRow
      testId="savings-record"
      type={record.type}
      typeLabel={t(`savings.type.${record.type}`)}
      amount={formatMoney(amount, locale, { signed })}
      amountClass={signed ? pnlClass(amount) : ""}
      amountTestId="savings-record-amount"
      at={record.at}
      aside={note ? <span>{note}</span> : null}
    />
  );
}
