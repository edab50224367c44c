import type { OperatorDeposit } from "@tickfair/contract";
import { formatMoney } from "@tickfair/contract";
import { Alert, App, Button, Descriptions, Drawer, Flex, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirmDeposit, useRejectDeposit } from "../../api/deposits";
import { useDescribeError } from "../../api/use-describe-error";
import { RejectReasonModal } from "../../components/RejectReasonModal/RejectReasonModal";
import { ReviewUserContext } from "../../components/ReviewUserContext/ReviewUserContext";
import { StatusTag } from "../../components/StatusTag/StatusTag";
import { formatTime } from "../../lib/format";
import { useSession } from "../../store/session";
import { ProofImage } from "./ProofImage";

interface Props {
  deposit: OperatorDeposit | null;
  /** The deposit as the server answered a decision on it. */
  onChange: (deposit: OperatorDeposit) => void;
  onClose: () => void;
}

/** One deposit: its details and proof, confirm (maker-checker above the threshold) or reject with a reason. */
export function DepositDrawer({ deposit, onChange, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const username = useSession((state) => state.operator?.username);
  const confirm = useConfirmDeposit();
  const reject = useRejectDeposit();
  const [rejecting, setRejecting] = useState(false);
  const locale = i18n.language;

  const underReview = deposit?.status === "under_review";
  const firstApproval = deposit?.approvals[0];
  const confirmedByMe = deposit?.approvals.some((approval) => approval.operator === username) ?? false;
  const amount = deposit ? formatMoney(deposit.amount, locale) : "";

  const askConfirm = (target: OperatorDeposit) =>
    modal.confirm({
      title: t("deposits.confirmTitle", { orderNo: target.orderNo }),
      content: t("deposits.confirmText", { amount, account: target.user.account }),
      okText: t("review.confirm"),
      cancelText: t("common.cancel"),
      // The dialog's button loads until the server answers; an error leaves it for the toast.
      onOk: async () => {
        try {
          const answer = await confirm.mutateAsync(target.id);
          onChange(answer);
          message.success(
            answer.status === "success" ? t("deposits.confirmed") : t("deposits.firstConfirmationRecorded"),
          );
        } catch (error) {
          message.error(describe(error));
        }
      },
    });

  const submitReject = (reason: string) => {
    if (!deposit) return;
    reject.mutate(
      { id: deposit.id, reason },
      {
        onSuccess: (answer) => {
          onChange(answer);
          setRejecting(false);
          message.success(t("deposits.rejected"));
        },
      },
    );
  };

  return (
    <Drawer
      open={deposit !== null}
      onClose={onClose}
      width={560}
      title={deposit ? t("deposits.drawerTitle", { orderNo: deposit.orderNo }) : ""}
      destroyOnHidden
      data-testid="deposit-drawer"
      footer={
        underReview && deposit ? (
          <Flex justify="flex-end">
            <Space>
              <Button danger onClick={() => setRejecting(true)} disabled={confirm.isPending}>
                {t("review.reject")}
              </Button>
              <Button
                type="primary"
                onClick={() => askConfirm(deposit)}
                loading={confirm.isPending}
                disabled={confirmedByMe}
                data-testid="deposit-confirm"
              >
                {t("review.confirm")}
              </Button>
            </Space>
          </Flex>
        ) : null
      }
    >
      {deposit && (
        <Flex vertical gap={20}>
          {underReview && firstApproval && (
            <Alert
              type="warning"
              showIcon
              message={t("deposits.awaitingSecond")}
              description={
                confirmedByMe
                  ? t("deposits.awaitingSecondYou", { at: formatTime(firstApproval.at, locale) })
                  : t("deposits.awaitingSecondBy", {
                      operator: firstApproval.operator,
                      at: formatTime(firstApproval.at, locale),
                    })
              }
              data-testid="awaiting-second"
            />
          )}
          <Descriptions column={1} bordered size="small" classNames={{ label: "label-column-wide" }}>
            <Descriptions.Item label={t("review.status")}>
              <StatusTag status={deposit.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t("review.amount")}>
              <Typography.Text strong className="tabular">
                {amount}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t("review.user")}>{deposit.user.account}</Descriptions.Item>
            <Descriptions.Item label={t("deposits.method")}>{deposit.method.name}</Descriptions.Item>
            <Descriptions.Item label={t("deposits.reference")}>
              <Typography.Text copyable={deposit.reference !== ""}>
                {deposit.reference || "—"}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t("review.createdAt")}>
              {formatTime(deposit.createdAt, locale)}
            </Descriptions.Item>
            {deposit.reviewedAt && (
              <Descriptions.Item label={t("review.reviewedAt")}>
                {formatTime(deposit.reviewedAt, locale)}
              </Descriptions.Item>
            )}
            {deposit.reason && (
              <Descriptions.Item label={t("review.reason")}>{deposit.reason}</Descriptions.Item>
            )}
          </Descriptions>
          <ReviewUserContext userId={deposit.user.id} />
          <div>
            <Typography.Title level={5}>{t("deposits.proof")}</Typography.Title>
            {deposit.hasProof ? (
              <ProofImage depositId={deposit.id} />
            ) : (
              <Typography.Text type="secondary">{t("deposits.noProof")}</Typography.Text>
            )}
          </div>
        </Flex>
      )}
      <RejectReasonModal
        open={rejecting}
        title={t("deposits.rejectTitle")}
        subject={deposit ? t("review.rejectSubject", { orderNo: deposit.orderNo, amount }) : ""}
        pending={reject.isPending}
        error={reject.error}
        onSubmit={submitReject}
        onCancel={() => {
          setRejecting(false);
          reject.reset();
        }}
      />
    </Drawer>
  );
}
