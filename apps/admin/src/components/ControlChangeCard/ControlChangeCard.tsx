import { ArrowRightOutlined, HourglassOutlined } from "@ant-design/icons";
import type { ControlChange } from "@tickfair/contract";
import { Alert, App, Button, Card, Flex, Space, Table, Tag, Typography } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDescribeError } from "../../api/use-describe-error";
import { formatTime } from "../../lib/format";
import { RejectReasonModal } from "../RejectReasonModal/RejectReasonModal";

/** One line of a proposal: a field as it is and as it would be. */
export interface ChangeRow {
  key: string;
  label: string;
  before: ReactNode;
  after: ReactNode;
  weakens: boolean;
}

interface Props {
  change: ControlChange;
  /** What the change is, in a few words ("Cashier settings", "alice: Support → Admin"). */
  title: string;
  rows: ChangeRow[];
  /** The signed-in operator's username: nobody decides their own proposal. */
  me: string | undefined;
  /** Whether this operator may decide proposals of this kind (a second admin). */
  mayDecide: boolean;
  /** Why this operator may not decide although an admin (the change is about them). */
  notForYou?: string | undefined;
  pending: boolean;
  onApprove: () => Promise<void>;
  onReject: (reason: string) => Promise<void>;
}

/**
 * A change that weakens a control, waiting for a second admin: what it changes (the weakening fields
 * marked), who proposed it and when, and for another admin the approve (confirmed first) and reject
 * (with a reason) buttons. The proposer is told it waits for someone else.
 */
export function ControlChangeCard(props: Props) {
  const { change, title, rows, me, mayDecide, notForYou, pending, onApprove, onReject } = props;
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const [rejecting, setRejecting] = useState(false);
  const [rejectError, setRejectError] = useState<unknown>(null);
  const mine = me !== undefined && change.proposedBy === me;

  const approve = () =>
    modal.confirm({
      title: t("controls.approveTitle"),
      content: t("controls.approveText", { title }),
      okText: t("controls.approve"),
      cancelText: t("common.cancel"),
      onOk: async () => {
        try {
          await onApprove();
          message.success(t("controls.approved"));
        } catch (error) {
          message.error(describe(error));
        }
      },
    });

  const reject = async (reason: string) => {
    try {
      await onReject(reason);
      setRejecting(false);
      message.success(t("controls.rejected"));
    } catch (error) {
      setRejectError(error);
    }
  };

  const waiting = mine
    ? t("controls.waitingMine")
    : (notForYou ?? (mayDecide ? null : t("controls.waitingAdmin")));

  return (
    <Card
      size="small"
      title={
        <Space>
          <HourglassOutlined />
          <span>{title}</span>
        </Space>
      }
      extra={
        <Typography.Text type="secondary" className="tabular">
          {t("controls.proposedBy", {
            operator: change.proposedBy,
            at: formatTime(change.proposedAt, i18n.language),
          })}
        </Typography.Text>
      }
      data-testid="control-change"
    >
      <Flex vertical gap={12}>
        <Table<ChangeRow>
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t("controls.field"), dataIndex: "label" },
            { title: t("controls.before"), dataIndex: "before", align: "right", className: "tabular" },
            { title: "", width: 32, render: () => <ArrowRightOutlined /> },
            {
              title: t("controls.after"),
              align: "right",
              className: "tabular",
              render: (_, row) => <strong>{row.after}</strong>,
            },
            {
              title: "",
              className: "nowrap",
              render: (_, row) =>
                row.weakens ? (
                  <Tag color="warning" bordered={false} className="tag-flush">
                    {t("controls.weakens")}
                  </Tag>
                ) : null,
            },
          ]}
        />
        {waiting ? (
          <Alert
            type="info"
            showIcon
            message={t("controls.waitingTitle")}
            description={waiting}
            data-testid="change-waiting"
          />
        ) : (
          <Flex justify="flex-end" gap={8}>
            <Button danger disabled={pending} onClick={() => setRejecting(true)} data-testid="change-reject">
              {t("controls.reject")}
            </Button>
            <Button type="primary" loading={pending} onClick={approve} data-testid="change-approve">
              {t("controls.approve")}
            </Button>
          </Flex>
        )}
      </Flex>
      <RejectReasonModal
        open={rejecting}
        title={t("controls.rejectTitle")}
        subject={title}
        pending={pending}
        error={rejectError}
        onSubmit={(reason) => void reject(reason)}
        onCancel={() => {
          setRejecting(false);
          setRejectError(null);
        }}
      />
    </Card>
  );
}
