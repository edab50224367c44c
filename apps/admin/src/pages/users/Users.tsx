import type { OperatorUserHit } from "@tickfair/contract";
import { type TableColumnsType, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useUserSearch } from "../../api/users";
import { FilteredTable } from "../../components/ListToolbar/FilteredTable";
import { useListFilters } from "../../components/ListToolbar/ListToolbar";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { useUrlPaging } from "../../components/paged-table/paging";
import { UserLink } from "../../components/UserLink/UserLink";
import { formatTime } from "../../lib/format";

/** The users: one search box (account, phone, name or opening code), registration days, total, export. */
export default function Users() {
  const { t, i18n } = useTranslation();
  const filters = useListFilters();
  const paging = useUrlPaging({ sizes: true });
  const page = useUserSearch({ ...filters, ...paging.request });
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
      <FilteredTable<OperatorUserHit>
        query={page}
        paging={paging}
        list="users"
        placeholder={t("users.searchPlaceholder")}
        empty={filters.q ? t("users.noMatch", { query: filters.q }) : t("table.empty")}
        columns={columns}
        data-testid="users-table"
      />
    </>
  );
}
