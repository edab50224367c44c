import type { OperatorUserHit } from "@tickfair/contract";
import { Alert, Card, Empty, Input, Table, type TableColumnsType, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useDescribeError } from "../../api/use-describe-error";
import { useUserSearch } from "../../api/users";
import { CursorPager } from "../../components/CursorPager/CursorPager";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatTime } from "../../lib/format";
import { PAGE_SIZE, readPageTrail } from "../../lib/page-trail";
import { AREA_PATHS } from "../../lib/paths";

/** The users' search: one box (account, phone or opening code), the query and the page kept in the URL. */
export default function Users() {
  const { t, i18n } = useTranslation();
  const describe = useDescribeError();
  const [params, setParams] = useSearchParams();
  const query = params.get("q")?.trim() || undefined;
  const { cursor } = readPageTrail(params);
  const page = useUserSearch({ query, cursor, limit: PAGE_SIZE });
  const locale = i18n.language;

  const search = (text: string) => {
    const next = new URLSearchParams();
    if (text.trim()) next.set("q", text.trim());
    setParams(next);
  };

  const columns: TableColumnsType<OperatorUserHit> = [
    {
      title: t("users.account"),
      dataIndex: "account",
      render: (account: string, user) => (
        <Link to={`${AREA_PATHS.users}/${user.id}`} data-testid="user-link">
          {account}
        </Link>
      ),
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
      <PageHeader
        title={t("nav.users")}
        extra={
          <Input.Search
            key={query ?? ""}
            defaultValue={query}
            placeholder={t("users.searchPlaceholder")}
            allowClear
            enterButton={t("users.search")}
            onSearch={search}
            style={{ width: 420 }}
            data-testid="user-search"
          />
        }
      />
      <Card>
        {page.isError && (
          <Alert type="error" showIcon message={describe(page.error)} style={{ marginBottom: 16 }} />
        )}
        <Table<OperatorUserHit>
          rowKey={(user) => `${user.id}-${user.matchedBy ?? ""}`}
          columns={columns}
          dataSource={page.data?.items ?? []}
          loading={page.isFetching}
          pagination={false}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={query ? t("users.noMatch", { query }) : t("table.empty")}
              />
            ),
          }}
          data-testid="users-table"
        />
        <CursorPager nextCursor={page.data?.nextCursor} loading={page.isFetching} />
      </Card>
    </>
  );
}
