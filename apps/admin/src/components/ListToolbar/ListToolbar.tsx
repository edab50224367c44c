import { ClearOutlined, DownloadOutlined, SearchOutlined } from "@ant-design/icons";
import { formatMoney, LIST_CSV_MAX_ROWS, type ListFilters } from "@tickfair/contract";
import { App, Button, Flex, Input, Space, Tooltip, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { type ExportedList, useListExport } from "../../api/list-export";
import { useDescribeError } from "../../api/use-describe-error";
import { formatCount } from "../../lib/format";
import { hasListFilters, listFilterParams, readListFilters } from "../../lib/list-filters";
import "../../styles/lists.css";

/** The first and the last day of the range, both included. */
const DAY_BOUNDS = ["from", "to"] as const;

/** What a list's page says about everything its filters match. */
export interface ListTotals {
  total: number;
  totalCapped: boolean;
  /** The money queues' sum; null when capped, undefined for a list without amounts. */
  totalAmount?: string | null;
  timeZone: string;
}

/** The filters the URL holds, for the list's request and its export. */
export function useListFilters(): ListFilters {
  const [params] = useSearchParams();
  return readListFilters(params);
}

export interface ToolbarProps {
  /** The list, as its export names it. */
  list: ExportedList;
  placeholder: string;
  totals: ListTotals | undefined;
  /** What narrows the list besides the toolbar's own filters (a status tab), for its export. */
  scope?: Readonly<Record<string, string | undefined>>;
}

/**
 * A console list's filters above its table: one search box, a range of days in the platform's time
 * zone (said beside it), and on the right what they match in all and the CSV export of exactly that.
 * The URL is the truth: reload, back and a shared link show the same list.
 */
export function ListToolbar({ list, placeholder, totals, scope }: ToolbarProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params);
  const exportCsv = useListExport(list);
  const notice = useExportNotice();
  const [draft, setDraft] = useState(filters);
  const locale = i18n.language;

  useEffect(() => setDraft(readListFilters(params)), [params]);

  const apply = (next: ListFilters) => setParams(listFilterParams(params, next));
  const total = totals
    ? t(totals.totalCapped ? "list.totalCapped" : "list.total", { n: formatCount(totals.total, locale) })
    : "";

  return (
    <Flex justify="space-between" align="center" wrap gap={12}>
      <Space wrap align="center" data-testid="list-filters">
        <Input
          allowClear
          value={draft.q ?? ""}
          maxLength={64}
          prefix={<SearchOutlined />}
          placeholder={placeholder}
          aria-label={placeholder}
          onChange={(event) => setDraft({ ...draft, q: event.target.value || undefined })}
          onPressEnter={() => apply(draft)}
          className="list-toolbar__search"
          data-testid="list-search"
        />
        <Tooltip title={t("list.zoneHelp", { zone: totals?.timeZone ?? "" })}>
          <Space.Compact>
            {DAY_BOUNDS.map((bound) => (
              <Input
                key={bound}
                type="date"
                value={draft[bound] ?? ""}
                aria-label={t(`list.${bound}`)}
                onChange={(event) => setDraft({ ...draft, [bound]: event.target.value || undefined })}
                className="tabular"
                data-testid={`list-${bound}`}
              />
            ))}
          </Space.Compact>
        </Tooltip>
        <Button
          type="primary"
          icon={<SearchOutlined />}
          onClick={() => apply(draft)}
          data-testid="list-apply"
        >
          {t("list.apply")}
        </Button>
        <Button icon={<ClearOutlined />} onClick={() => apply({})} data-testid="list-clear">
          {t("list.clear")}
        </Button>
        {totals && (
          <Typography.Text type="secondary" data-testid="list-zone">
            {t("list.zone", { zone: totals.timeZone })}
          </Typography.Text>
        )}
      </Space>
      {/* Kept on the right when the filters take the whole first line. */}
      <Space wrap align="center" className="list-toolbar__totals">
        <Typography.Text data-testid="list-total">
          {total}
          {totals?.totalAmount != null && (
            <span className="tabular">
              {" · "}
              {t("list.sum", { amount: formatMoney(totals.totalAmount, locale) })}
            </span>
          )}
        </Typography.Text>
        <Tooltip title={t("list.exportLimit", { n: formatCount(LIST_CSV_MAX_ROWS, locale) })}>
          <Button
            icon={<DownloadOutlined />}
            loading={exportCsv.isPending}
            onClick={() => exportCsv.mutate({ ...scope, ...filters }, notice)}
            data-testid="list-export"
          >
            {t("list.export")}
          </Button>
        </Tooltip>
      </Space>
    </Flex>
  );
}

/**
 * What an empty list says: that its filters match nothing, else what its caller says of it (a queue
 * with nothing waiting), else that there is nothing yet.
 */
export function useEmptyListText(unfiltered?: string): string {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (hasListFilters(readListFilters(params))) return t("list.emptyFiltered");
  return unfiltered ?? t("table.empty");
}

/** Runs a list's export with a message when it is done or refused. */
function useExportNotice() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  return {
    onSuccess: () => message.success(t("list.exported")),
    onError: (error: unknown) => message.error(describe(error)),
  };
}
