import type { OperatorUserHit } from "@tickfair/contract";
import { Alert, Card, Empty, Table, type TableColumnsType, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useListExport } from "../../api/list-export";
import { useDescribeError } from "../../api/use-describe-error";
import { useUserSearch } from "../../api/users";
import {
  ListPager,
  ListToolbar,
  useExportNotice,
  useListFilters,
} from "../../components/ListToolbar/ListToolbar";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { UserLink } from "../../components/UserLink/UserLink";
import { formatTime } from "../../lib/format";
import { readPageTrail } from "../../lib/page-trail";

/** The users: one search box (account, phone, name or opening code), registration days, total, export. */
export default function Users() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const [params] = useSearchParams();
  const filters = useListFilters();
  const { cursor } = readPageTrail(params);
  const page = useUserSearch({ cursor, ...filters });
  const exportCsv = useListExport("users");
  const notice = useExportNotice();
  const locale = i18n.language;

  const columns: TableColumnsType<OperatorUserHit> = [
    {
      title: t("users.account"),
      dataIndex: "account",
      render: (_, user) => <UserLink user={user} />,
    },
    { title: t("users.nickname"), dataIndex: "nickname" },
    {
      title: t("users.phone"),
      dataIndex: "phone",
      render: (phone: string) => <span className="mono">{phone}</span>,
    },
    {
      title: t("users.inviteCode"),
      dataIndex: "inviteCode",
      render: (code: string) => <span className="mono">{code}</span>,
    },
    {
      title: t("users.invitedBy"),
      dataIndex: "invitedBy",
      render: (code: string | null) => <span className="mono">{code ?? "—"}</span>,
    },
    {
      title: t("users.matchedBy"),
      dataIndex: "matchedBy",
      render: (match: OperatorUserHit["matchedBy"]) =>
        match ? <Tag color="blue">{t(`users.match.${match}`)}</Tag> : "—",
    },
    {
      title: t("users.state"),
      render: (_, user) =>
        user.signInLockedAt ? <Tag color="red">{t("users.locked")}</Tag> : <Tag>{t("users.active")}</Tag>,
    },
    {
      title: t("users.createdAt"),
      dataIndex: "createdAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
  ];

  return (
    <>
      <PageHeader title={t("nav.users")} />
      <Card>
        <ListToolbar
          placeholder={t("users.searchPlaceholder")}
          totals={page.data}
          exporting={exportCsv.isPending}
          onExport={() => exportCsv.mutate({ q: filters.q, from: filters.from, to: filters.to }, notice)}
        />
        {page.isError && (
          <Alert type="error" showIcon message={describe(page.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<OperatorUserHit>
          rowKey="id"
          columns={columns}
          dataSource={page.data?.items ?? []}
          loading={page.isFetching}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filters.q ? t("users.noMatch", { query: filters.q }) : t("table.empty")}
              />
            ),
          }}
          data-testid="users-table"
        />
        <ListPager nextCursor={page.data?.nextCursor} loading={page.isFetching} />
      </Card>
    </>
  );
}
