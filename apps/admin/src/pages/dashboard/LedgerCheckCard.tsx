import { CheckCircleFilled, CloseCircleFilled, SafetyCertificateOutlined } from "@ant-design/icons";
import type { OperatorDashboard } from "@tickfair/contract";
import { App, Button, Card, Descriptions, Empty, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLedgerCheck } from "../../api/dashboard";
import { useDescribeError } from "../../api/use-describe-error";
import { formatCount, formatTime } from "../../lib/format";
import { holds } from "../../lib/permissions";
import { useSession } from "../../store/session";

/** The last run of the ledger's invariant check, and (for those who may) a new run. */
export function LedgerCheckCard({ last }: { last: OperatorDashboard["ledgerCheck"] }) {
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const describe = useDescribeError();
  const operator = useSession((state) => state.operator);
  const check = useLedgerCheck();
  const locale = i18n.language;

  const run = async () => {
    try {
      const report = await check.mutateAsync();
      const counts = t("dashboard.ledger.counts", {
        accounts: formatCount(report.counts.accounts, locale),
        postings: formatCount(report.counts.postings, locale),
        entries: formatCount(report.counts.entries, locale),
      });
      if (report.ok) {
        message.success(t("dashboard.ledger.passed"));
        return;
      }
      modal.error({
        title: t("dashboard.ledger.failedTitle", { n: report.violations.length }),
        width: 640,
        content: (
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{counts}</Typography.Text>
            <ul className="mono bullets">
              {report.violations.map((violation) => (
                <li key={violation}>{violation}</li>
              ))}
            </ul>
          </Flex>
        ),
      });
    } catch (error) {
      message.error(describe(error));
    }
  };

  return (
    <Card
      title={t("dashboard.ledger.title")}
      extra={
        holds(operator, "ledger.check") ? (
          <Button
            icon={<SafetyCertificateOutlined />}
            loading={check.isPending}
            onClick={() => void run()}
            data-testid="ledger-check-run"
          >
            {t("dashboard.ledger.run")}
          </Button>
        ) : null
      }
      className="fill-height"
      data-testid="ledger-check"
    >
      {last ? (
        <Descriptions column={1} size="small" classNames={{ label: "label-column" }}>
          <Descriptions.Item label={t("dashboard.ledger.result")}>
            {last.ok ? (
              <Typography.Text type="success" data-testid="ledger-check-result">
                <CheckCircleFilled /> {t("dashboard.ledger.ok")}
              </Typography.Text>
            ) : (
              <Typography.Text type="danger" data-testid="ledger-check-result">
                <CloseCircleFilled /> {t("dashboard.ledger.violations", { n: last.violations })}
              </Typography.Text>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t("dashboard.ledger.at")}>
            <span className="tabular">{formatTime(last.at, locale)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("dashboard.ledger.by")}>
            {last.by === "system" ? t("dashboard.ledger.system") : last.by}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.ledger.never")} />
      )}
    </Card>
  );
}
