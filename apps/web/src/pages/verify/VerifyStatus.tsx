import type { VerificationStatus } from "@tickfair/contract";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { type DetailRow, DetailRows } from "../../components/DetailRows/DetailRows";
import { IconBadgeCheck, IconClock } from "../../components/icons";
import { SubmitButton } from "../../components/SubmitButton/SubmitButton";
import { nationalityName } from "../../lib/countries";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";

/** Name, masked ID number, nationality and the state's date, as the server has them. */
function StatusRows({ status, date }: { status: VerificationStatus; date: DetailRow }) {
  const { t, i18n } = useTranslation();
  return (
    <DetailRows
      className="verify-rows"
      rows={[
        status.name !== null && { label: t("verify.name"), value: status.name, testId: "verify-status-name" },
        status.idNumberMasked !== null && {
          label: t("verify.idNumber"),
          value: status.idNumberMasked,
          className: "num",
          testId: "verify-status-id",
        },
        status.nationality !== null && {
          label: t("verify.nationality"),
          value: nationalityName(status.nationality, i18n.language),
          testId: "verify-status-nationality",
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
      <section className="card cashier-card tf-form" data-testid="verify-under-review">
        <div className="verify-result">
          <span className="icon-tile verify-result__icon">
            <IconClock />
          </span>
          <h2>{t("verify.underReview")}</h2>
          <p className="cashier-note">{t("verify.underReviewText")}</p>
        </div>
        <StatusRows
          status={status}
          date={{
            label: t("verify.submittedAt"),
            value: status.submittedAt ? formatDateTime(status.submittedAt, i18n.language) : "–",
            testId: "verify-submitted-at",
          }}
        />
      </section>
      {status.photos ? (
        <section className="card cashier-card">
          <h2 className="cashier-card__title">{t("verify.photos")}</h2>
          <div className="id-photos">
            {(["front", "back"] as const).map((side) => (
              <div key={side} className="id-photo">
                <span className="id-photo__tile">
                  <img src={status.photos?.[side].thumbnailUrl} alt="" data-testid={`verify-thumb-${side}`} />
                </span>
                <span>{t(side === "front" ? "verify.front" : "verify.back")}</span>
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
    <section className="card cashier-card tf-form" data-testid="verify-verified">
      <div className="verify-result">
        <span className="icon-tile verify-result__icon verify-result__icon--ok">
          <IconBadgeCheck />
        </span>
        <h2>{t("verify.verified")}</h2>
        <p className="cashier-note">{t("verify.verifiedText")}</p>
      </div>
      <StatusRows
        status={status}
        date={{
          label: t("verify.verifiedAt"),
          value: status.reviewedAt ? formatDateTime(status.reviewedAt, i18n.language) : "–",
          testId: "verify-verified-at",
        }}
      />
      <SubmitButton pending={false} testId="verify-back-to-user" onClick={() => navigate(paths.user)}>
        {t("verify.backToUser")}
      </SubmitButton>
    </section>
  );
}

/** Rejected: why, in the user's language, and the reviewer's own words, above the form to correct. */
export function RejectionNotice({ status }: { status: VerificationStatus }) {
  const { t, i18n } = useTranslation();
  if (!status.rejection) return null;
  return (
    <section className="cashier-note cashier-note--warn" data-testid="verify-rejected" role="status">
      <strong>{t("verify.rejected")}</strong>
      <div data-testid="verify-rejected-reason">{t(`verify.reasons.${status.rejection.reason}`)}</div>
      {status.rejection.text ? (
        <div data-testid="verify-rejected-text">
          {t("verify.reviewerNote", { text: status.rejection.text })}
        </div>
      ) : null}
      {status.reviewedAt ? <div>{formatDateTime(status.reviewedAt, i18n.language)}</div> : null}
    </section>
  );
}
