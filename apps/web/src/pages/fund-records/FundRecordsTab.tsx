import { FundRecords } from "./FundRecords";

/** Tab 3: fund records inside the tab layout. */
export default function FundRecordsTab() {
  return <FundRecords tab />;
}
