import type { VerificationRejectReason, VerificationState } from "@tickfair/contract";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";

/**
 * Every reject reason the contract knows, in the order the form offers them. Written out here because
 * the contract's list lives beside its schemas, which the console does not load (zod stays out of the
 * bundle); `satisfies` fails the build when the contract gains or loses a reason.
 */
const REASON_ORDER = {
  photo_blurred: 1,
  photo_incomplete: 2,
  name_mismatch: 3,
  id_number_mismatch: 4,
  document_expired: 5,
  document_unsupported: 6,
  other: 7,
} as const satisfies Record<VerificationRejectReason, number>;

export const REJECT_REASONS = (Object.keys(REASON_ORDER) as VerificationRejectReason[]).sort(
  (a, b) => REASON_ORDER[a] - REASON_ORDER[b],
);

const STATE_COLORS: Record<VerificationState, string> = {
  not_submitted: "default",
  under_review: "processing",
  verified: "success",
  rejected: "error",
};

export function VerificationStateTag({ state }: { state: VerificationState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} bordered={false} className="tag-flush" data-testid="verification-state">
      {t(`verifications.states.${state}`)}
    </Tag>
  );
}
