import { FundRecords } from "./FundRecords";

/** Tab 3: fund records inside the tab layout. */
export default function MoneyRecords() {
  return <FundRecords tab />;
}
