import { EyeInvisibleOutlined, EyeOutlined } from "@ant-design/icons";
import type { OperatorVerification, OperatorVerificationPage } from "@tickfair/contract";
import { Alert, App, Button, Card, Descriptions, Drawer, Flex, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDescribeError } from "../../api/use-describe-error";
import {
  useApproveVerification,
  useRejectVerification,
  useRevealIdNumber,
  useVerification,
} from "../../api/verification";
import { VerificationStateTag } from "../../components/VerificationLabels/verification-labels";
import { formatCountry, formatTime } from "../../lib/format";
import { AREA_PATHS } from "../../lib/paths";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";
import { RejectVerificationModal } from "./RejectVerificationModal";
import { VerificationHistory } from "./VerificationHistory";
import { VerificationPhotos } from "./VerificationPhotos";

export type VerificationSummary = OperatorVerificationPage["items"][number];

interface Props {
  /** The row opened from the queue; null while the drawer is closed. */
  summary: VerificationSummary | null;
  onClose: () => void;
}

/** One submission: both photos, what the user typed, who they are, what came before; approve or reject. */
export function VerificationDrawer({ summary, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const detail = useVerification(summary?.id ?? null);
  const approve = useApproveVerification();
  const reject = useRejectVerification();
  const [rejecting, setRejecting] = useState(false);
  // Escape closes the photo preview first: while it is open the drawer ignores the key, or one press
  // made right after the preview opens (before it takes the focus) would close both.
  const [previewOpen, setPreviewOpen] = useState(false);
  const locale = i18n.language;
  const verification = detail.data;
  const underReview = verification?.state === "under_review";

  const askApprove = (target: OperatorVerification) =>
    modal.confirm({
      title: t("verifications.approveTitle", { account: target.user.account }),
      content: t("verifications.approveText", {
        name: target.name,
        idNumber: target.idNumberMasked,
        nationality: formatCountry(target.nationality, locale),
      }),
      okText: t("review.approve"),
      cancelText: t("common.cancel"),
      // The dialog's button loads until the server answers; an error leaves it for the toast.
      onOk: async () => {
        try {
          await approve.mutateAsync(target.id);
          message.success(t("verifications.approved"));
        } catch (error) {
          message.error(describe(error));
        }
      },
    });

  const closeReject = () => {
    setRejecting(false);
    reject.reset();
  };

  return (
    <Drawer
      open={summary !== null}
      onClose={onClose}
      width={760}
      title={summary ? t("verifications.drawerTitle", { account: summary.user.account }) : ""}
      destroyOnHidden
      keyboard={!previewOpen}
      data-testid="verification-drawer"
      footer={
        underReview && verification ? (
          <Flex justify="flex-end">
            <Space>
              <Button
                danger
                onClick={() => setRejecting(true)}
                disabled={approve.isPending}
                data-testid="verification-reject"
              >
                {t("review.reject")}
              </Button>
              <Button
                type="primary"
                onClick={() => askApprove(verification)}
                loading={approve.isPending}
                data-testid="verification-approve"
              >
                {t("review.approve")}
              </Button>
            </Space>
          </Flex>
        ) : null
      }
    >
      {detail.isError ? (
        <Alert type="error" showIcon message={describe(detail.error)} />
      ) : !verification ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Flex vertical gap={24}>
          <VerificationPhotos
            verification={verification}
            onRenew={() => void detail.refetch()}
            onPreviewChange={setPreviewOpen}
          />
          <SubmissionDetails verification={verification} />
          <UserDetails user={verification.user} />
          <VerificationHistory verification={verification} />
        </Flex>
      )}
      <RejectVerificationModal
        open={rejecting}
        subject={
          verification
            ? t("verifications.rejectSubject", {
                account: verification.user.account,
                name: verification.name,
                idNumber: verification.idNumberMasked,
              })
            : ""
        }
        pending={reject.isPending}
        error={reject.error}
        onSubmit={(request) => {
          if (!verification) return;
          reject.mutate(
            { id: verification.id, ...request },
            {
              onSuccess: () => {
                closeReject();
                message.success(t("verifications.rejected"));
              },
            },
          );
        }}
        onCancel={closeReject}
      />
    </Drawer>
  );
}

/** What the user typed, to hold against the photos, and the decision once there is one. */
function SubmissionDetails({ verification }: { verification: OperatorVerification }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Descriptions
      title={t("verifications.submission")}
      column={1}
      bordered
      size="small"
      classNames={{ label: "label-column-wide" }}
      data-testid="verification-submission"
    >
      <Descriptions.Item label={t("verifications.state")}>
        <VerificationStateTag state={verification.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t("verifications.name")}>
        <Typography.Text strong>{verification.name}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t("verifications.nationality")}>
        {formatCountry(verification.nationality, locale)}
      </Descriptions.Item>
      <Descriptions.Item label={t("verifications.idNumber")}>
        <IdNumber verification={verification} />
      </Descriptions.Item>
      <Descriptions.Item label={t("verifications.submittedAt")}>
        <span className="tabular">{formatTime(verification.submittedAt, locale)}</span>
      </Descriptions.Item>
      {verification.reviewedAt && (
        <Descriptions.Item label={t("verifications.reviewedAt")}>
          <span className="tabular">{formatTime(verification.reviewedAt, locale)}</span>
          {verification.reviewedBy ? ` · ${verification.reviewedBy}` : ""}
        </Descriptions.Item>
      )}
      {verification.rejection && (
        <>
          <Descriptions.Item label={t("verifications.rejection")}>
            {t(`verifications.reasons.${verification.rejection.reason}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t("verifications.rejectionText")}>
            {verification.rejection.text}
          </Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}

/**
 * The masked number, and for the reviewer who needs to hold it against the photo the full one, asked
 * for on purpose: the server records each look in the audit log, as it does for the photos.
 */
function IdNumber({ verification }: { verification: OperatorVerification }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const reveal = useRevealIdNumber();
  const [full, setFull] = useState<string | null>(null);
  const show = () =>
    reveal.mutate(verification.id, {
      onSuccess: (answer) => setFull(answer.idNumber),
      onError: (error) => message.error(describe(error)),
    });
  return (
    <Flex align="center" gap={12} wrap>
      <span className="mono" data-testid="verification-id-number">
        {full ?? verification.idNumberMasked}
      </span>
      {full === null ? (
        <Button
          size="small"
          icon={<EyeOutlined />}
          loading={reveal.isPending}
          onClick={show}
          data-testid="verification-id-number-reveal"
        >
          {t("verifications.showIdNumber")}
        </Button>
      ) : (
        <Button size="small" icon={<EyeInvisibleOutlined />} onClick={() => setFull(null)}>
          {t("verifications.hideIdNumber")}
        </Button>
      )}
      <Typography.Text type="secondary">{t("verifications.idNumberAudited")}</Typography.Text>
    </Flex>
  );
}

function UserDetails({ user }: { user: OperatorVerification["user"] }) {
  const { t, i18n } = useTranslation();
  const operator = useSession((state) => state.operator);
  return (
    <Card
      size="small"
      title={t("verifications.user")}
      extra={
        holds(operator, "users.read") ? (
          <Link to={`${AREA_PATHS.users}/${user.id}`}>{t("review.openUser")}</Link>
        ) : null
      }
      data-testid="verification-user"
    >
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t("verifications.account")}>{user.account}</Descriptions.Item>
        <Descriptions.Item label={t("verifications.registeredAt")}>
          <span className="tabular">{formatTime(user.createdAt, i18n.language)}</span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
