import { FundRecords } from "./FundRecords";

/** The same fund records outside the tabs, with a way back to the personal center. */
export default function FundRecordsPage() {
  return <FundRecords tab={false} />;
}
