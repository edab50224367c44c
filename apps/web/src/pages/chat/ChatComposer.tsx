import type { MAX_CHAT_BODY } from "@tickfair/contract";
import { Button, TextArea } from "antd-mobile";
import { useTranslation } from "react-i18next";
import { IconImage } from "../../components/icons";

/** The contract's limit, typed to equal it: importing the value would bring its module's zod. */
const MAX_BODY: typeof MAX_CHAT_BODY = 2_000;
/** The counter shows from here on: earlier it would only be noise. */
const COUNTER_FROM = MAX_BODY - 200;

interface ChatComposerProps {
  draft: string;
  onDraftChange(draft: string): void;
  onSend(body: string): void;
  /** A photo taken or chosen on the phone. */
  onPhoto(file: File): void;
}

/** The text box (growing with what is written, up to a few lines) and the send button. */
export function ChatComposer({ draft, onDraftChange, onSend, onPhoto }: ChatComposerProps) {
  const { t } = useTranslation();
  const body = draft.trim();
  const send = () => {
    if (body === "") return;
    onSend(body);
    onDraftChange("");
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label className="chat-composer__photo" data-testid="chat-photo">
        <IconImage />
        {/* Not `hidden`: a hidden input cannot be reached from the keyboard. */}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          aria-label={t("chat.attachPhoto")}
          data-testid="chat-photo-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared, so that choosing the same photo again sends it again.
            event.target.value = "";
            if (file) onPhoto(file);
          }}
        />
      </label>
      <div className="chat-composer__field">
        <TextArea
          value={draft}
          onChange={onDraftChange}
          placeholder={t("chat.placeholder")}
          aria-label={t("chat.placeholder")}
          autoSize={{ minRows: 1, maxRows: 5 }}
          rows={1}
          maxLength={MAX_BODY}
          data-testid="chat-input"
        />
        {draft.length >= COUNTER_FROM ? (
          <span className="chat-composer__count num" data-testid="chat-count">
            {draft.length}/{MAX_BODY}
          </span>
        ) : null}
      </div>
      <Button
        type="submit"
        color="primary"
        className="chat-composer__send"
        disabled={body === ""}
        data-testid="chat-send"
      >
        {t("chat.send")}
      </Button>
    </form>
  );
}
