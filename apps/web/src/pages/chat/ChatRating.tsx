import { useQueryClient } from "@tanstack/react-query";
import { Rate, Toast } from "antd-mobile";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { rateChat } from "../../api/chat";
import { chatKeys } from "../../api/chat-summary";
import { errorText } from "../../api/messages";

/**
 * Support resolved the conversation: a 1–5 rating, sent once. Once sent the card thanks the user; a
 * conversation resolved and already rated shows nothing.
 */
export function ChatRating({ canRate }: { canRate: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  if (!canRate && state !== "sent") return null;

  function rate(value: number) {
    if (value < 1 || state !== "idle") return;
    setRating(value);
    setState("sending");
    rateChat(value).then(
      () => {
        setState("sent");
        void queryClient.invalidateQueries({ queryKey: chatKeys.summary });
      },
      (error: unknown) => {
        setState("idle");
        setRating(0);
        Toast.show({ content: errorText(error) });
      },
    );
  }

  return (
    <section className="chat-rating card" data-testid="chat-rating" data-state={state}>
      <p className="chat-rating__title">{state === "sent" ? t("chat.rated") : t("chat.rateTitle")}</p>
      <Rate
        value={rating}
        readOnly={state !== "idle"}
        allowClear={false}
        onChange={rate}
        aria-label={t("chat.rateTitle")}
      />
    </section>
  );
}
