import { ClearOutlined, DownloadOutlined, SearchOutlined } from "@ant-design/icons";
import { formatMoney, LIST_CSV_MAX_ROWS, type ListFilters } from "@tickfair/contract";
import { App, Button, Flex, Input, Space, Tooltip, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useDescribeError } from "../../api/use-describe-error";
import { formatCount } from "../../lib/format";
import { listFilterParams, readListFilters } from "../../lib/list-filters";
import "../../styles/lists.css";

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

interface ToolbarProps {
  placeholder: string;
  totals: ListTotals | undefined;
  exporting: boolean;
  onExport: () => void;
}

/**
 * A console list's filters above its table: one search box, a range of days in the platform's time
 * zone (said beside it), and on the right what they match in all and the CSV export of exactly that.
 * The URL is the truth: reload, back and a shared link show the same list.
 */
export function ListToolbar({ placeholder, totals, exporting, onExport }: ToolbarProps) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readListFilters(params);
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
            <Input
              type="date"
              value={draft.from ?? ""}
              aria-label={t("list.from")}
              onChange={(event) => setDraft({ ...draft, from: event.target.value || undefined })}
              className="tabular"
              data-testid="list-from"
            />
            <Input
              type="date"
              value={draft.to ?? ""}
              aria-label={t("list.to")}
              onChange={(event) => setDraft({ ...draft, to: event.target.value || undefined })}
              className="tabular"
              data-testid="list-to"
            />
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
            loading={exporting}
            onClick={onExport}
            data-testid="list-export"
          >
            {t("list.export")}
          </Button>
        </Tooltip>
      </Space>
    </Flex>
  );
}

/** Runs a list's export with a message when it is done or refused. */
export function useExportNotice() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  return {
    onSuccess: () => message.success(t("list.exported")),
    onError: (error: unknown) => message.error(describe(error)),
  };
}
