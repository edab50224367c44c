import { FUND_RECORD_TYPES, type FundRecord, type FundRecordType, formatMoney } from "@tickfair/contract";
import { DotLoading, Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadFundRecordsCsv, useFundRecords } from "../../api/cashier";
import { errorText } from "../../api/messages";
import { Chip } from "../../components/Chip/Chip";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { IconDownload } from "../../components/icons";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatCalendarDate } from "../../lib/savings-format";
import { deviceTimeZone, formatDateTime, formatWhen } from "../../lib/time";
import "../../components/RecordList/record-list.css";

/**
 * Fund records: every movement of the user's money, newest first, filtered by type, exportable as CSV.
 * Times are the device's, on screen and in the file alike, and the page says so.
 */
export function FundRecords({ tab }: { tab: boolean }) {
  const { t } = useTranslation();
  const [type, setType] = useState<FundRecordType | "">("");
  const query = useFundRecords(type);
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    if (exporting) return;
    setExporting(true);
    try {
      await downloadFundRecordsCsv(type);
      Toast.show({ icon: "success", content: t("records.exported") });
    } catch (error) {
      Toast.show({ icon: "fail", content: errorText(error) });
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className={tab ? "fund-records fund-records--tab" : "page fund-records"}>
      <PageNavBar
        title={t("records.title")}
        backTo={tab ? false : paths.user}
        right={
          <button
            type="button"
            className="navbar-link navbar-link--button"
            data-testid="records-export"
            onClick={() => void exportCsv()}
            disabled={exporting}
            aria-busy={exporting}
          >
            {exporting ? <DotLoading color="primary" /> : <IconDownload />}
            <span>{t("records.export")}</span>
          </button>
        }
      />
      <div className="fund-filter">
        {(["", ...FUND_RECORD_TYPES] as const).map((value) => (
          <Chip
            key={value || "all"}
            active={type === value}
            aria-pressed={type === value}
            data-testid={`records-filter-${value || "all"}`}
            onClick={() => setType(value)}
          >
            {value ? t(`cashier.fundType.${value}`) : t("records.all")}
          </Chip>
        ))}
      </div>
      <main className="page__body cashier fund-records__body">
        <p className="fund-records__zone" data-testid="records-time-zone">
          {t("records.timeZone", { zone: deviceTimeZone() })}
        </p>
        <PagedList
          query={query}
          testId="fund-records"
          empty={<EmptyState title={t("cashier.noFundRecords")} testId="records-empty" />}
          renderItem={(record) => <FundRow key={record.id} record={record} />}
        />
      </main>
    </div>
  );
}

function FundRow({ record }: { record: FundRecord }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const balance = formatMoney(record.balanceAfter, locale);
  const day = record.confirmsOn
    ? t("records.confirmsOn", { date: formatCalendarDate(record.confirmsOn, locale) })
    : record.incomeDate
      ? t("records.earnedFor", { date: formatCalendarDate(record.incomeDate, locale) })
      : null;
  return (
    <li className="fund-row card" data-testid="fund-record" data-type={record.type}>
      <div className="fund-row__line">
        <span className="fund-row__type">{t(`cashier.fundType.${record.type}`)}</span>
        <span className={`fund-row__amount num ${pnlClass(record.amount)}`} data-testid="fund-record-amount">
          {formatMoney(record.amount, locale, { signed: true })}
        </span>
      </div>
      <div className="fund-row__line fund-row__line--sub">
        <time dateTime={record.createdAt} title={formatDateTime(record.createdAt, locale)}>
          {formatWhen(record.createdAt, locale)}
        </time>
        <span className="num">
          {record.balance === "savings"
            ? t("records.balanceSavings", { amount: balance })
            : t("records.balanceAfter", { amount: balance })}
        </span>
      </div>
      {record.reference ? (
        <div className="fund-row__ref">
          {t("records.reference")} <span className="num">{record.reference}</span>
        </div>
      ) : null}
      {day ? (
        <div className="fund-row__ref" data-testid="fund-record-day">
          {day}
        </div>
      ) : null}
    </li>
  );
}
