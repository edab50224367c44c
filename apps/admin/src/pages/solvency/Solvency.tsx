import { ReloadOutlined, UploadOutlined } from "@ant-design/icons";
import { formatMoney, type SolvencyRoot } from "@tickfair/contract";
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Flex,
  Skeleton,
  Table,
  type TableColumnsType,
  Typography,
  Upload,
} from "antd";
import { useTranslation } from "react-i18next";
import { useAttestSolvency, useOperatorSolvency } from "../../api/solvency";
import { useDescribeError } from "../../api/use-describe-error";
import { PageHeader } from "../../components/PageHeader/PageHeader";
import { formatCount, formatDate, formatTime } from "../../lib/format";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";

/** What the server takes as an attestation; it checks the bytes, this only narrows the file picker. */
const ATTESTATION_TYPES = ".pdf,application/pdf,image/png,image/jpeg,image/webp";

function AttestationUpload({ day }: { day: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const describe = useDescribeError();
  const attest = useAttestSolvency();
  return (
    <Upload
      accept={ATTESTATION_TYPES}
      showUploadList={false}
      disabled={attest.isPending}
      customRequest={({ file }) => {
        if (!(file instanceof File)) return;
        attest.mutate(
          { day, file },
          {
            onSuccess: () =>
              void message.success(t("solvency.uploaded", { date: formatDate(day, i18n.language) })),
            onError: (error) => void message.error(describe(error)),
          },
        );
      }}
    >
      <Button
        size="small"
        icon={<UploadOutlined />}
        loading={attest.isPending}
        data-testid={`solvency-upload-${day}`}
      >
        {t("solvency.upload")}
      </Button>
    </Upload>
  );
}

/**
 * The published proofs of liabilities: each day's Merkle-sum root over every user's balance, the total
 * the platform declares it owes, and the reserves attestation an admin publishes beside it
 * (docs/solvency.md). Nothing here changes a snapshot: they are taken once and kept as they are.
 */
export default function Solvency() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const describe = useDescribeError();
  const roots = useOperatorSolvency();
  const operator = useSession((state) => state.operator);
  const canAttest = holds(operator, "solvency.attest");

  const columns: TableColumnsType<SolvencyRoot> = [
    {
      title: t("solvency.day"),
      dataIndex: "day",
      render: (day: string) => <span className="tabular">{formatDate(day, locale)}</span>,
    },
    {
      title: t("solvency.root"),
      dataIndex: "root",
      render: (root: string) => (
        <Typography.Text code copyable={{ text: root }} title={root}>
          {`${root.slice(0, 12)}…${root.slice(-8)}`}
        </Typography.Text>
      ),
    },
    {
      title: t("solvency.total"),
      dataIndex: "totalMinor",
      align: "right",
      // Minor units through bigint: a platform's total may pass what a float holds exactly.
      render: (minor: string) => <span className="tabular">{formatMoney(BigInt(minor), locale)}</span>,
    },
    {
      title: t("solvency.users"),
      dataIndex: "users",
      align: "right",
      render: (users: number) => <span className="tabular">{formatCount(users, locale)}</span>,
    },
    {
      title: t("solvency.takenAt"),
      dataIndex: "takenAt",
      render: (at: string) => <span className="tabular">{formatTime(at, locale)}</span>,
    },
    {
      title: t("solvency.attestation"),
      key: "attestation",
      render: (_, root) =>
        root.attestation ? (
          <Flex vertical>
            <Typography.Link href={root.attestation.url} target="_blank" rel="noopener">
              {root.attestation.name}
            </Typography.Link>
            <Typography.Text type="secondary" className="tabular">
              {formatTime(root.attestation.uploadedAt, locale)}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t("solvency.noAttestation")}</Typography.Text>
        ),
    },
    ...(canAttest
      ? [
          {
            title: t("solvency.actions"),
            key: "actions",
            render: (_: unknown, root: SolvencyRoot) => <AttestationUpload day={root.day} />,
          },
        ]
      : []),
  ];

  return (
    <>
      <PageHeader
        title={t("nav.solvency")}
        extra={
          <Button icon={<ReloadOutlined />} loading={roots.isFetching} onClick={() => void roots.refetch()}>
            {t("solvency.refresh")}
          </Button>
        }
      />
      <Alert type="info" showIcon message={t("solvency.about")} className="stack-gap" />
      {roots.isError && <Alert type="error" showIcon message={describe(roots.error)} className="stack-gap" />}
      {!roots.data && roots.isPending && <Skeleton active paragraph={{ rows: 8 }} />}
      {roots.data && (
        <Card title={t("solvency.snapshots")}>
          <Table<SolvencyRoot>
            rowKey="day"
            size="small"
            columns={columns}
            dataSource={roots.data.history}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false, size: "small" }}
            scroll={{ x: "max-content" }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("solvency.empty")} />,
            }}
            data-testid="solvency-snapshots"
          />
        </Card>
      )}
    </>
  );
}
