import type { ChatMessage } from "@tickfair/contract";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useChatHistory, useMarkChatRead } from "../../api/chat";
import { followConversation } from "../../api/chat-live";
import { compareSeq, lastSeq, mergeMessages, unreadUserSeq } from "../../lib/chat-history";

/** The app tells typing again every few seconds while the user types: quiet this long, they stopped. */
const TYPING_SHOWN_MS = 6_000;

/**
 * One conversation as the inbox shows it: its history a page at a time, what the socket brings after
 * it, the user's read marker and typing, and read marks sent for what the operator has seen.
 */
export function useConversation(id: string) {
  const history = useChatHistory(id);
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [userReadSeq, setUserReadSeq] = useState("0");
  const [userTyping, setUserTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pages = history.data?.pages;
  const messages = useMemo(() => mergeMessages(pages?.map((page) => page.items) ?? [], live), [pages, live]);
  const newest = useRef("0");
  newest.current = lastSeq(messages);

  const loaded = history.isSuccess;
  useEffect(() => {
    // Followed once the newest page is in: the socket then brings exactly what follows it.
    if (!loaded) return;
    const stop = followConversation({
      conversationId: id,
      after: () => newest.current,
      onEvent: (event) => {
        if (event.type === "chat.message") {
          setLive((previous) => [...previous, event.message]);
          if (event.message.author === "user") setUserTyping(false);
        } else if (event.type === "chat.read") {
          if (event.side === "user")
            setUserReadSeq((previous) => (compareSeq(event.seq, previous) > 0 ? event.seq : previous));
        } else if (event.side === "user") {
          setUserTyping(true);
          clearTimeout(typingTimer.current);
          typingTimer.current = setTimeout(() => setUserTyping(false), TYPING_SHOWN_MS);
        }
      },
    });
    return () => {
      stop();
      clearTimeout(typingTimer.current);
    };
  }, [id, loaded]);

  // Read marks: for the user's messages on screen while the window is in view, each seq once.
  const { mutate: markRead } = useMarkChatRead();
  const readSent = useRef("0");
  useEffect(() => {
    const markShown = () => {
      if (document.visibilityState !== "visible") return;
      const seq = unreadUserSeq(messages, readSent.current);
      if (seq === null) return;
      readSent.current = seq;
      markRead({ id, seq });
    };
    markShown();
    document.addEventListener("visibilitychange", markShown);
    return () => document.removeEventListener("visibilitychange", markShown);
  }, [id, messages, markRead]);

  /** The operator's own message as the server stored it: shown at once, the socket's copy merges in. */
  const addSent = useCallback((message: ChatMessage) => setLive((previous) => [...previous, message]), []);

  return { history, messages, userReadSeq, userTyping, addSent };
}
