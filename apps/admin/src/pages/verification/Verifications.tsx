import { Button, Segmented, type TableColumnsType } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useVerificationPage, type VerificationReviewState } from "../../api/verification";
import { FilteredTable } from "../../components/ListToolbar/FilteredTable";
import { useEmptyListText, useListFilters } from "../../components/ListToolbar/ListToolbar";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { useUrlPaging } from "../../components/paged-table/paging";
import { UserLink } from "../../components/UserLink/UserLink";
import { VerificationStateTag } from "../../components/VerificationLabels/verification-labels";
import { formatCountry, formatTime } from "../../lib/format";
import { filterParams } from "../../lib/page-trail";
import { VerificationDrawer, type VerificationSummary } from "./VerificationDrawer";

/** The filter in the URL: absent is the queue itself (under review, oldest first). */
const STATE_PARAM = "state";
const STATES: readonly VerificationReviewState[] = ["under_review", "verified", "rejected"];

function readState(params: URLSearchParams): VerificationReviewState {
  return STATES.find((state) => state === params.get(STATE_PARAM)) ?? "under_review";
}

/** The real-name verifications: the queue and the decided ones, each opened to review it. */
export default function Verifications() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const filters = useListFilters();
  const paging = useUrlPaging({ sizes: true });
  const empty = useEmptyListText(state === "under_review" ? t("verifications.emptyQueue") : undefined);
  const page = useVerificationPage({ state, ...filters, ...paging.request });
  // The row opened: kept whole, so the drawer still shows it after a decision takes it off this page.
  const [open, setOpen] = useState<VerificationSummary | null>(null);
  const locale = i18n.language;

  const columns: TableColumnsType<VerificationSummary> = [
    {
      title: t("verifications.account"),
      className: "nowrap",
      render: (_, row) => <UserLink user={row.user} />,
    },
    { title: t("verifications.name"), dataIndex: "name", className: "nowrap" },
    {
      title: t("verifications.nationality"),
      dataIndex: "nationality",
      className: "nowrap",
      render: (code: string) => formatCountry(code, locale),
    },
    {
      title: t("verifications.idNumber"),
      dataIndex: "idNumberMasked",
      render: (masked: string) => <span className="mono nowrap">{masked}</span>,
    },
    {
      title: t("verifications.submittedAt"),
      dataIndex: "submittedAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
    ...(state === "under_review"
      ? []
      : [
          {
            title: t("verifications.reviewedAt"),
            key: "reviewedAt",
            render: (_: unknown, row: VerificationSummary) =>
              row.reviewedAt ? <span className="tabular">{formatTime(row.reviewedAt, locale)}</span> : "—",
          },
          { title: t("verifications.reviewedBy"), dataIndex: "reviewedBy", className: "nowrap" },
        ]),
    {
      title: t("verifications.state"),
      className: "nowrap",
      render: (_, row) => <VerificationStateTag state={row.state} />,
    },
    {
      title: t("verifications.actions"),
      align: "right",
      render: (_, row) => (
        <Button
          size="small"
          type={row.state === "under_review" ? "primary" : "default"}
          onClick={() => setOpen(row)}
          data-testid="verification-open"
        >
          {row.state === "under_review" ? t("review.review") : t("review.view")}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("nav.verifications")}
        extra={
          <Segmented<VerificationReviewState>
            value={state}
            options={STATES.map((value) => ({ value, label: t(`verifications.states.${value}`) }))}
            onChange={(value) =>
              setParams(filterParams(params, STATE_PARAM, value === "under_review" ? undefined : value))
            }
            data-testid="verification-state-filter"
          />
        }
      />
      <FilteredTable<VerificationSummary>
        query={page}
        paging={paging}
        list="verifications"
        placeholder={t("verifications.searchPlaceholder")}
        scope={{ state }}
        empty={empty}
        columns={columns}
        scroll={{ x: "max-content" }}
        onRow={(row) => ({ onDoubleClick: () => setOpen(row) })}
        data-testid="verifications-table"
      />
      <VerificationDrawer summary={open} onClose={() => setOpen(null)} />
    </>
  );
}
