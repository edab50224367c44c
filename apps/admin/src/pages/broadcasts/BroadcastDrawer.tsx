import type { Locale, OperatorBroadcast } from "@tickfair/contract";
import { DEFAULT_LOCALE, LOCALE_NAMES } from "@tickfair/contract";
import { Alert, App, Button, Descriptions, Drawer, Flex } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCancelBroadcast } from "../../api/broadcasts";
import { LocaleTabs } from "../../components/LocaleTabs/LocaleTabs";
import { RejectReasonModal } from "../../components/RejectReasonModal/RejectReasonModal";
import { readerText } from "../../lib/broadcast-form";
import { formatTime } from "../../lib/format";
import { BroadcastStateTag } from "./BroadcastStateTag";
import { PhonePreview } from "./PhonePreview";

/** One broadcast: when it goes or went out, each locale's text as readers get it, and a cancel while it waits. */
export function BroadcastDrawer({
  broadcast,
  onClose,
}: {
  broadcast: OperatorBroadcast | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const cancel = useCancelBroadcast();
  const [asking, setAsking] = useState(false);
  const locale = i18n.language;
  const at = (iso: string | null) => (iso ? formatTime(iso, locale) : "—");

  const submitCancel = (reason: string) => {
    if (!broadcast) return;
    cancel.mutate(
      { id: broadcast.id, reason },
      {
        onSuccess: () => {
          message.success(t("broadcasts.cancelled"));
          setAsking(false);
        },
      },
    );
  };

  const title = broadcast?.translations[DEFAULT_LOCALE]?.title ?? "";
  const written = (l: Locale) => Boolean(broadcast?.translations[l]);

  return (
    <Drawer
      open={broadcast !== null}
      onClose={onClose}
      width={760}
      title={<span data-testid="broadcast-drawer-title">{title}</span>}
      destroyOnHidden
      data-testid="broadcast-drawer"
      extra={
        broadcast?.state === "scheduled" && (
          <Button
            danger
            onClick={() => {
              cancel.reset();
              setAsking(true);
            }}
            data-testid="broadcast-cancel"
          >
            {t("broadcasts.cancel")}
          </Button>
        )
      }
    >
      {broadcast && (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            className="stack-gap"
            items={[
              {
                key: "state",
                label: t("broadcasts.state"),
                children: <BroadcastStateTag state={broadcast.state} />,
              },
              { key: "by", label: t("broadcasts.createdBy"), children: broadcast.createdBy },
              { key: "publishAt", label: t("broadcasts.publishAt"), children: at(broadcast.publishAt) },
              { key: "publishedAt", label: t("broadcasts.publishedAt"), children: at(broadcast.publishedAt) },
              { key: "createdAt", label: t("broadcasts.createdAt"), children: at(broadcast.createdAt) },
              ...(broadcast.cancelledAt
                ? [
                    {
                      key: "cancelledAt",
                      label: t("broadcasts.cancelledAt"),
                      children: at(broadcast.cancelledAt),
                    },
                  ]
                : []),
            ]}
          />
          <LocaleTabs testIdPrefix="broadcast-detail" written={written}>
            {(l) => {
              const { text, fallback, served } = readerText(broadcast.translations, l);
              return (
                <Flex vertical gap={12}>
                  {fallback && (
                    <Alert
                      type="info"
                      showIcon
                      message={t("broadcasts.noText", { language: LOCALE_NAMES[served] })}
                    />
                  )}
                  <PhonePreview text={text} lang={served} time={at(broadcast.publishAt)} />
                </Flex>
              );
            }}
          </LocaleTabs>
        </>
      )}
      <RejectReasonModal
        open={asking}
        title={t("broadcasts.cancelTitle")}
        subject={title}
        notice={t("broadcasts.cancelNotice")}
        okText={t("broadcasts.cancelOk")}
        pending={cancel.isPending}
        error={cancel.error}
        onSubmit={submitCancel}
        onCancel={() => setAsking(false)}
      />
    </Drawer>
  );
}
