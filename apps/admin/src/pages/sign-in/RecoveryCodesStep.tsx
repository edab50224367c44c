import { CopyOutlined, DownloadOutlined } from "@ant-design/icons";
import { copyText } from "@tickfair/browser/clipboard";
import { Alert, App, Button, Checkbox, Flex, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { downloadText } from "../../lib/download";
import { recoveryCodesFile } from "../../lib/recovery-codes";

interface Props {
  username: string;
  codes: readonly string[];
  onContinue: () => void;
}

/** After enrolment: the recovery codes, shown this once; the operator confirms they kept them. */
export function RecoveryCodesStep({ username, codes, onContinue }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saved, setSaved] = useState(false);
  const file = recoveryCodesFile(username, codes, new Date());

  const copy = async () => {
    if (await copyText(codes.join("\n"))) message.success(t("common.copied"));
    else message.error(t("signIn.copyFailed"));
  };

  return (
    <Flex vertical gap={16}>
      <Alert
        type="warning"
        showIcon
        message={t("signIn.recoveryTitle")}
        description={t("signIn.recoveryText")}
      />
      <ol className="recovery-codes mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space>
        <Button icon={<CopyOutlined />} onClick={() => void copy()}>
          {t("common.copy")}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => downloadText(file.fileName, file.text)}>
          {t("signIn.download")}
        </Button>
      </Space>
      <Checkbox
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
        data-testid="recovery-saved"
      >
        <Typography.Text>{t("signIn.recoverySaved")}</Typography.Text>
      </Checkbox>
      <Button type="primary" block disabled={!saved} onClick={onContinue} data-testid="recovery-continue">
        {t("signIn.continue")}
      </Button>
    </Flex>
  );
}
