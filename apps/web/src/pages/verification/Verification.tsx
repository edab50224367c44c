import { useTranslation } from "react-i18next";
import { useVerification } from "../../api/verification";
import { PageNavBar } from "../../components/PageNavBar/PageNavBar";
import { awaitingData, QueryCard } from "../../components/QueryCard/QueryCard";
import { paths } from "../../lib/paths";
import { VerificationForm } from "./VerificationForm";
import { RejectionNotice, UnderReview, Verified } from "./VerificationStatus";
import "./verification.css";

/**
 * Real-name verification (/pages/verify/verify, the specification's address): the form until it is sent,
 * then where it stands. A reviewer's decision arrives over the socket (api/realtime.ts) and shows
 * without a reload.
 */
export default function Verification() {
  const { t } = useTranslation();
  const query = useVerification();
  const status = query.data;

  return (
    <div className="page">
      <PageNavBar title={t("verification.title")} backTo={paths.user} />
      <main className="page__body cashier" data-state={status?.state}>
        {awaitingData(query) || !status ? (
          <QueryCard query={query} lines={6} />
        ) : status.state === "verified" ? (
          <Verified status={status} />
        ) : status.state === "under_review" ? (
          <UnderReview status={status} />
        ) : (
          <>
            {status.state === "rejected" ? (
              <RejectionNotice status={status} />
            ) : (
              <p className="warn-note">{t("verification.intro")}</p>
            )}
            {/* A new rejection starts a fresh form from what was sent that time. */}
            <VerificationForm key={status.reviewedAt ?? "first"} previous={status} />
          </>
        )}
      </main>
    </div>
  );
}
