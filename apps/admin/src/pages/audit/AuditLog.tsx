import { DownloadOutlined } from "@ant-design/icons";
import type { AuditEntry, AuditFilters as Filters } from "@tickfair/contract";
import { AUDIT_CSV_MAX_ROWS } from "@tickfair/contract";
import { App, Button, Card, Flex, type TableColumnsType, Tooltip, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuditExport, useAuditPage } from "../../api/audit";
import { useDescribeError } from "../../api/use-describe-error";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { PagedTable } from "../../components/paged-table/PagedTable";
import { useUrlPaging } from "../../components/paged-table/paging";
import { auditFilterParams, hasAuditFilters, readAuditFilters } from "../../lib/audit-filters";
import { formatCount, formatTime } from "../../lib/format";
import { AuditFilters } from "./AuditFilters";
import { useAuditLabels } from "./audit-labels";

const hasDetail = (entry: AuditEntry) => Object.keys(entry.detail).length > 0;

/**
 * The audit log, newest first, read-only: who did what to which record, when and why; narrowed by
 * the filters in the URL, exported as they stand. A name or a record in the table narrows to it.
 */
export default function AuditLog() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const labels = useAuditLabels();
  const [params, setParams] = useSearchParams();
  const filters = readAuditFilters(params);
  const paging = useUrlPaging();
  const page = useAuditPage({ ...filters, ...paging.request });
  const exportCsv = useAuditExport();
  const locale = i18n.language;

  const narrow = (more: Filters) => setParams(auditFilterParams(params, { ...filters, ...more }));
  const download = () =>
    exportCsv.mutate(filters, {
      onSuccess: () => message.success(t("audit.exported")),
      onError: (error) => message.error(describe(error)),
    });

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t("audit.at"),
      dataIndex: "createdAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
    {
      title: t("audit.operator"),
      className: "nowrap",
      render: (_, entry) =>
        entry.operator === "system" ? (
          <Typography.Text type="secondary">{t("audit.system")}</Typography.Text>
        ) : (
          <Typography.Link onClick={() => narrow({ operator: entry.operator })}>
            {entry.operator}
          </Typography.Link>
        ),
    },
    {
      title: t("audit.action"),
      className: "nowrap",
      render: (_, entry) => (
        <Tooltip title={<span className="mono">{entry.action}</span>}>
          <Typography.Link onClick={() => narrow({ action: entry.action })} data-testid="audit-action">
            {labels.action(entry.action)}
          </Typography.Link>
        </Tooltip>
      ),
    },
    {
      title: t("audit.target"),
      className: "nowrap",
      render: (_, entry) => (
        <Typography.Link onClick={() => narrow({ targetType: entry.targetType, targetId: entry.targetId })}>
          {labels.target(entry.targetType)} <span className="mono">#{entry.targetId}</span>
        </Typography.Link>
      ),
    },
    {
      title: t("audit.reason"),
      dataIndex: "reason",
      render: (reason: string | null) => reason ?? "—",
    },
  ];

  return (
    <>
      <PageHeader
        title={t("nav.audit")}
        extra={
          <Flex align="center" gap={12}>
            <Typography.Text type="secondary">
              {t("audit.exportLimit", { n: formatCount(AUDIT_CSV_MAX_ROWS, locale) })}
            </Typography.Text>
            <Button
              icon={<DownloadOutlined />}
              loading={exportCsv.isPending}
              onClick={download}
              data-testid="audit-export"
            >
              {t("audit.export")}
            </Button>
          </Flex>
        }
      />
      <Card className="stack-gap">
        <AuditFilters
          filters={filters}
          labels={labels}
          onChange={(next) => setParams(auditFilterParams(params, next))}
        />
      </Card>
      <Card>
        <PagedTable<AuditEntry>
          query={page}
          paging={paging}
          empty={hasAuditFilters(filters) ? t("audit.emptyFiltered") : t("table.empty")}
          columns={columns}
          scroll={{ x: "max-content" }}
          expandable={{
            rowExpandable: hasDetail,
            expandedRowRender: (entry) => (
              <pre className="mono flush pre-wrap">{JSON.stringify(entry.detail, null, 2)}</pre>
            ),
          }}
          data-testid="audit-table"
        />
      </Card>
    </>
  );
}
