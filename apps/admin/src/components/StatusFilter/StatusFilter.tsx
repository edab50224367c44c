import type { CashierStatus } from "@tickfair/contract";
import { Segmented } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { filterParams } from "../../lib/page-trail";
import {
  ALL_STATUSES,
  type StatusFilter as Filter,
  readStatusFilter,
  STATUS_PARAM,
  statusParamValue,
} from "../../lib/status-filter";
import { CASHIER_STATUS_LIST } from "../StatusTag/StatusTag";

/** The queue's status filter, kept in the URL; changing it goes back to page one. */
export function StatusFilter() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const value = readStatusFilter(params, CASHIER_STATUS_LIST);
  const options = [
    ...CASHIER_STATUS_LIST.map((status: CashierStatus) => ({
      value: status as Filter,
      label: t(`status.${status}`),
    })),
    { value: ALL_STATUSES as Filter, label: t("status.all") },
  ];
  return (
    <Segmented<Filter>
      value={value}
      options={options}
      onChange={(filter) => setParams(filterParams(params, STATUS_PARAM, statusParamValue(filter)))}
      data-testid="status-filter"
    />
  );
}

/** The status to ask the server for: undefined for every status. */
export function useStatusFilter(): CashierStatus | undefined {
  const [params] = useSearchParams();
  const filter = readStatusFilter(params, CASHIER_STATUS_LIST);
  return filter === ALL_STATUSES ? undefined : filter;
}
