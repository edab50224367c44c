import type { AuditEntry } from "@tickfair/contract";
import { Alert, Card, Empty, Table, type TableColumnsType, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuditPage } from "../../api/audit";
import { useDescribeError } from "../../api/use-describe-error";
import { CursorPager } from "../../components/CursorPager/CursorPager";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatTime } from "../../lib/format";
import { PAGE_SIZE, readPageTrail } from "../../lib/page-trail";

const hasDetail = (entry: AuditEntry) => Object.keys(entry.detail).length > 0;

/** The audit log, newest first, read-only: who did what to which record, when and why. */
export default function AuditLog() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const [params] = useSearchParams();
  const { cursor } = readPageTrail(params);
  const page = useAuditPage({ cursor, limit: PAGE_SIZE });

  const columns: TableColumnsType<AuditEntry> = [
    {
      title: t("audit.at"),
      dataIndex: "createdAt",
      render: (at: string) => <span className="tabular">{formatTime(at, i18n.language)}</span>,
    },
    { title: t("audit.operator"), dataIndex: "operator", className: "nowrap" },
    {
      title: t("audit.action"),
      dataIndex: "action",
      render: (action: string) => <Typography.Text code>{action}</Typography.Text>,
    },
    {
      title: t("audit.target"),
      render: (_, entry) => (
        <span className="mono">
          {entry.targetType} #{entry.targetId}
        </span>
      ),
    },
    { title: t("audit.reason"), dataIndex: "reason", render: (reason: string | null) => reason ?? "—" },
  ];

  return (
    <>
      <PageHeader title={t("nav.audit")} />
      <Card>
        {page.isError && (
          <Alert type="error" showIcon message={describe(page.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<AuditEntry>
          rowKey="id"
          columns={columns}
          dataSource={page.data?.items ?? []}
          loading={page.isFetching}
          pagination={false}
          scroll={{ x: "max-content" }}
          expandable={{
            rowExpandable: hasDetail,
            expandedRowRender: (entry) => (
              <pre className="mono" style={{ margin: 0, whiteSpace: "pre-wrap" }}>
                {JSON.stringify(entry.detail, null, 2)}
              </pre>
            ),
          }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("table.empty")} />,
          }}
          data-testid="audit-table"
        />
        <CursorPager nextCursor={page.data?.nextCursor} loading={page.isFetching} />
      </Card>
    </>
  );
}
