import { FUND_RECORD_TYPES, type FundRecord, type FundRecordType, formatMoney } from "@tickfair/contract";
import { DotLoading, Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadFundRecordsCsv, useFundRecords } from "../../api/cashier";
import { errorText } from "../../api/messages";
import { EmptyState } from "../../components/EmptyState/EmptyState";
import { IconChevronRight, IconDownload, IconShield } from "../../components/icons";
import { PagedList } from "../../components/PagedList/PagedList";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { RecordRow, TypeFilter } from "../../components/RecordList/RecordList";
import { paths } from "../../lib/paths";
import { pnlClass } from "../../lib/pnl";
import { formatCalendarDate } from "../../lib/savings-format";
import { deviceTimeZone } from "../../lib/time";
import { Link, usePathname } from "../../router";

/**
 * Fund records: every movement of the user's money, newest first, filtered by type, exportable as CSV.
 * Times are the device's, on screen and in the file alike, and the page says so.
 */
export default function FundRecords() {
  const { t } = useTranslation();
  // Tab 3 at the tab's address; the same records elsewhere are a page with a way back to the user's.
  const tab = usePathname() === paths.recordsTab;
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
      <TypeFilter
        label={t("records.title")}
        types={FUND_RECORD_TYPES}
        value={type}
        onChange={setType}
        typeLabel={(value) => t(`cashier.fundType.${value}`)}
        allLabel={t("records.all")}
        testIdPrefix="records-filter"
      />
      <main className="page__body cashier fund-records__body">
        <p className="fund-records__zone" data-testid="records-time-zone">
          {t("records.timeZone", { zone: deviceTimeZone() })}
        </p>
        <Link to={paths.solvency} className="fund-records__proof" data-testid="records-solvency">
          <IconShield />
          <span>{t("records.solvencyLink")}</span>
          <IconChevronRight />
        </Link>
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
    <RecordRow
      testId="fund-record"
      type={record.type}
      typeLabel={t(`cashier.fundType.${record.type}`)}
      amount={formatMoney(record.amount, locale, { signed: true })}
      amountClass={pnlClass(record.amount)}
      amountTestId="fund-record-amount"
      at={record.createdAt}
      aside={
        <span className="num">
          {record.balance === "savings"
            ? t("records.balanceSavings", { amount: balance })
            : t("records.balanceAfter", { amount: balance })}
        </span>
      }
    >
      {record.reference ? (
        <div className="fund-row__ref">
          {t("records.reference")} <span className="num">{record.reference}</span>
          {record.type === "withdrawal" ? (
            // The withdrawal's timeline, to paid, is on its own page.
            <>
              {" · "}
              <Link to={paths.withdrawDetails} data-testid="fund-record-progress">
                {t("records.withdrawalProgress")}
              </Link>
            </>
          ) : null}
        </div>
      ) : null}
      {day ? (
        <div className="fund-row__ref" data-testid="fund-record-day">
          {day}
        </div>
      ) : null}
    </RecordRow>
  );
}
