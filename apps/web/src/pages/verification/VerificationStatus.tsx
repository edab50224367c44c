import type { VerificationStatus } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { type DetailRow, DetailRows } from "../../components/DetailRows/DetailRows";
import { IconBadgeCheck, IconClock } from "../../components/icons";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { nationalityName } from "../../lib/countries";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";
import { useNavigate } from "../../router";

/** Name, masked ID number, nationality and the state's date, as the server has them. */
function StatusRows({ status, date }: { status: VerificationStatus; date: DetailRow }) {
  const { t, i18n } = useTranslation();
  return (
    <DetailRows
      className="detail-rows verification-rows"
      rows={[
        status.name !== null && {
          label: t("verification.name"),
          value: status.name,
          testId: "verification-status-name",
        },
        status.idNumberMasked !== null && {
          label: t("verification.idNumber"),
          value: status.idNumberMasked,
          className: "num",
          testId: "verification-status-id",
        },
        status.nationality !== null && {
          label: t("verification.nationality"),
          value: nationalityName(status.nationality, i18n.language),
          testId: "verification-status-nationality",
        },
        date,
      ]}
    />
  );
}

/** Submitted: the specification's "verification data sent, wait for review", and what was sent. */
export function UnderReview({ status }: { status: VerificationStatus }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <section className="card cashier-card tf-form" data-testid="verification-under-review">
        <div className="verification-result">
          <span className="icon-tile verification-result__icon">
            <IconClock />
          </span>
          <h2>{t("verification.underReview")}</h2>
          <p className="cashier-note">{t("verification.underReviewText")}</p>
        </div>
        <StatusRows
          status={status}
          date={{
            label: t("verification.submittedAt"),
            value: status.submittedAt ? formatDateTime(status.submittedAt, i18n.language) : "–",
            testId: "verification-submitted-at",
          }}
        />
      </section>
      {status.photos ? (
        <section className="card cashier-card">
          <h2 className="cashier-card__title">{t("verification.photos")}</h2>
          <div className="id-photos">
            {(["front", "back"] as const).map((side) => (
              <div key={side} className="id-photo">
                <span className="id-photo__tile">
                  <img
                    src={status.photos?.[side].thumbnailUrl}
                    alt=""
                    data-testid={`verification-thumb-${side}`}
                  />
                </span>
                <span>{t(side === "front" ? "verification.front" : "verification.back")}</span>
              </div>
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}

/** Verified: the result, and what was verified. */
export function Verified({ status }: { status: VerificationStatus }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card cashier-card tf-form" data-testid="verification-verified">
      <div className="verification-result">
        <span className="icon-tile verification-result__icon verification-result__icon--ok">
          <IconBadgeCheck />
        </span>
        <h2>{t("verification.verified")}</h2>
        <p className="cashier-note">{t("verification.verifiedText")}</p>
      </div>
      <StatusRows
        status={status}
        date={{
          label: t("verification.verifiedAt"),
          value: status.reviewedAt ? formatDateTime(status.reviewedAt, i18n.language) : "–",
          testId: "verification-verified-at",
        }}
      />
      <SubmitButton pending={false} testId="verification-back-to-user" onClick={() => navigate(paths.user)}>
        {t("verification.backToUser")}
      </SubmitButton>
    </section>
  );
}

/** Rejected: why, in the user's language, and the reviewer's own words, above the form to correct. */
export function RejectionNotice({ status }: { status: VerificationStatus }) {
  const { t, i18n } = useTranslation();
  if (!status.rejection) return null;
  return (
    <section className="warn-note" data-testid="verification-rejected" role="status">
      <strong>{t("verification.rejected")}</strong>
      <div data-testid="verification-rejected-reason">
        {t(`verification.reasons.${status.rejection.reason}`)}
      </div>
      {status.rejection.text ? (
        <div data-testid="verification-rejected-text">
          {t("verification.reviewerNote", { text: status.rejection.text })}
        </div>
      ) : null}
      {status.reviewedAt ? <div>{formatDateTime(status.reviewedAt, i18n.language)}</div> : null}
    </section>
  );
}
