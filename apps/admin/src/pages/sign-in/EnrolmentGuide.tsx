import { Flex, QRCode, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** The secret in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** Enrolment: the new secret as a QR code to scan, and as text for an app that cannot scan. */
export function EnrolmentGuide({ secret, otpauthUri }: { secret: string; otpauthUri: string }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={12} className="stack-gap">
      <Typography.Paragraph className="flush">{t("signIn.enrolScan")}</Typography.Paragraph>
      <Flex justify="center">
        <QRCode value={otpauthUri} size={184} bordered type="svg" data-testid="totp-qr" />
      </Flex>
      <Typography.Text type="secondary">{t("signIn.enrolManual")}</Typography.Text>
      <Typography.Text
        code
        className="mono break-all sign-in__secret"
        copyable={{ text: secret, tooltips: [t("common.copy"), t("common.copied")] }}
        data-testid="totp-secret"
      >
        {grouped(secret)}
      </Typography.Text>
    </Flex>
  );
}
