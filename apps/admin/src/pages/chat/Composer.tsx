import { SendOutlined } from "@ant-design/icons";
import type { ChatMessage, MAX_CHAT_BODY } from "@tickfair/contract";
import { Alert, Button, Flex, Input, Segmented, Typography, theme } from "antd";
import { type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSendChatMessage } from "../../api/chat";
import { sendTyping } from "../../api/chat-live";
import { useDescribeError } from "../../api/use-describe-error";
import { CannedReplyPicker } from "./CannedReplies";

/** Typing is told at most this often: the user's app shows it for a few seconds each time. */
const TYPING_EVERY_MS = 3_000;

/** The contract's limit, restated: its module carries zod, which stays out of the console's bundle. */
const MAX_BODY: typeof MAX_CHAT_BODY = 2_000;

type Mode = "reply" | "note";

/** The reply box: a reply to the user or an internal note, Enter to send, Shift+Enter for a new line. */
export function Composer({ id, onSent }: { id: string; onSent(message: ChatMessage): void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const describe = useDescribeError();
  const send = useSendChatMessage();
  const [mode, setMode] = useState<Mode>("reply");
  const [body, setBody] = useState("");
  // One key per message: a resend after a lost answer keeps it, so the server stores it once.
  const clientKey = useRef(crypto.randomUUID());
  const typingToldAt = useRef(0);

  const submit = () => {
    const text = body.trim();
    if (text === "" || send.isPending) return;
    send.mutate(
      { id, clientKey: clientKey.current, body: text, note: mode === "note" },
      {
        onSuccess: (message) => {
          onSent(message);
          clientKey.current = crypto.randomUUID();
          setBody("");
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An input method's Enter picks a word: it does not send.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onChange = (text: string) => {
    setBody(text);
    // An internal note is not something the user should see being written.
    if (mode === "reply" && Date.now() - typingToldAt.current > TYPING_EVERY_MS) {
      typingToldAt.current = Date.now();
      sendTyping(id);
    }
  };

  const note = mode === "note";
  return (
    <div
      className="chat-composer"
      // The theme's colours change at run time with light or dark.
      style={{ borderColor: token.colorSplit, background: note ? token.colorWarningBg : undefined }}
      data-testid="chat-composer"
    >
      <div className="chat-composer__bar">
        <Segmented
          value={mode}
          onChange={(value) => setMode(value as Mode)}
          options={(["reply", "note"] as const).map((value) => ({
            value,
            label: <span data-testid={`chat-mode-${value}`}>{t(`chats.mode.${value}`)}</span>,
          }))}
        />
        <CannedReplyPicker
          onPick={(text) => setBody((current) => (current.trim() === "" ? text : `${current}\n${text}`))}
        />
      </div>
      {note && (
        <Typography.Text type="warning" className="chat-composer__hint" data-testid="chat-note-hint">
          {t("chats.noteHint")}
        </Typography.Text>
      )}
      {send.isError && (
        <Alert type="error" showIcon message={describe(send.error)} className="stack-gap-xs" />
      )}
      <Flex gap={8} align="flex-end">
        <Input.TextArea
          value={body}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={MAX_BODY}
          placeholder={t(note ? "chats.notePlaceholder" : "chats.replyPlaceholder")}
          data-testid="chat-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={send.isPending}
          disabled={body.trim() === ""}
          onClick={submit}
          data-testid="chat-send"
        >
          {t(note ? "chats.addNote" : "chats.send")}
        </Button>
      </Flex>
      <Typography.Text type="secondary" className="caption">
        {t("chats.enterHint")}
      </Typography.Text>
    </div>
  );
}
