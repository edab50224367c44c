import { App, Flex } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Asks before a change of the savings terms is sent: what it changes, then its button sends it. */
export function useConfirmChange() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return ({
    title,
    width,
    testId,
    okText,
    onOk,
    body,
  }: {
    title: string;
    width: number;
    testId: string;
    okText: string;
    /** Its promise keeps the dialog's button spinning until it settles. */
    onOk: () => Promise<void>;
    body: ReactNode;
  }) =>
    modal.confirm({
      title,
      width,
      content: (
        <Flex vertical gap={8} data-testid={testId}>
          {body}
        </Flex>
      ),
      okText,
      cancelText: t("common.cancel"),
      onOk,
    });
}
