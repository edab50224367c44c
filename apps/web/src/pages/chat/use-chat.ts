import { useQueryClient } from "@tanstack/react-query";
import type { ChatMessage, ServerMessage } from "@tickfair/contract";
import { Toast } from "antd-mobile";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchChatHistory, markChatRead, sendChatMessage, uploadChatPhoto } from "../../api/chat";
import {
  dueEntries,
  markEntry,
  newClientKey,
  type Outbox,
  type OutboxEntry,
  outboxStorageKey,
  queueMessage,
  readOutbox,
  removeEntry,
  retryAll,
  type SendOutcome,
  sendInOrder,
  sendRequestOf,
  settleDelivered,
  writeOutbox,
} from "../../api/chat-outbox";
import { chatKeys, useChatSummary } from "../../api/chat-summary";
import { laterSeq, mergeMessages, newestSeq } from "../../api/chat-thread";
import { ApiError } from "../../api/errors";
import { listen, sendChatTyping, wantChat } from "../../api/live-socket";
import { errorText } from "../../api/messages";
import { networkStatus, subscribeNetworkStatus } from "../../api/network-state";
import { shrinkPhoto } from "../../lib/photo-shrink";
import { useSession } from "../../store/session";

/** How long "typing…" shows after support's last keystroke signal. */
const SUPPORT_TYPING_MS = 4_000;
/** The user's own typing is told at most this often. */
const TYPING_EVERY_MS = 3_000;

interface Thread {
  messages: ChatMessage[];
  hasMore: boolean;
}

const pageVisible = () => document.visibilityState === "visible";

/**
 * The conversation as the chat page shows it: the history (older pages on demand), what the socket
 * delivers, the outbox of messages on their way, support's read marker and typing, and marking read.
 * `restoreDraft` gets back the text of a message the server refused (rate limit): it goes back into
 * the composer.
 */
export function useChat(restoreDraft: (body: string) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const summary = useChatSummary();
  const storageKey = outboxStorageKey(useSession((s) => s.userInfo?.id ?? ""));
  const [thread, setThread] = useState<Thread | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [outbox, setOutbox] = useState<Outbox>(() => retryAll(readOutbox(localStorage, storageKey)));
  const [socketReadSeq, setSocketReadSeq] = useState<string | null>(null);
  const [supportTyping, setSupportTyping] = useState(false);
  /** Support's presence as the socket last told it; before that, the summary's. */
  const [socketOnline, setSocketOnline] = useState<boolean | null>(null);
  const [readWanted, setReadWanted] = useState<string | null>(null);
  const [visible, setVisible] = useState(pageVisible);

  const outboxRef = useRef(outbox);
  const lastSeq = useRef("0");
  const flushing = useRef<Promise<void> | null>(null);
  /** Keys of messages just written in the composer, not yet tried once. */
  const fromComposer = useRef(new Set<string>());
  const readPosted = useRef<string | null>(null);
  const typingSent = useRef(0);
  lastSeq.current = thread ? newestSeq(thread.messages) : "0";

  const updateOutbox = useCallback(
    (change: (outbox: Outbox) => Outbox) => {
      const next = change(outboxRef.current);
      outboxRef.current = next;
      writeOutbox(localStorage, storageKey, next);
      setOutbox(next);
    },
    [storageKey],
  );

  const receive = useCallback(
    (messages: readonly ChatMessage[]) => {
      setThread((current) => ({
        messages: mergeMessages(current?.messages ?? [], messages),
        hasMore: current?.hasMore ?? false,
      }));
      updateOutbox((entries) => settleDelivered(entries, messages));
    },
    [updateOutbox],
  );

  const report = useCallback(
    (entry: OutboxEntry, outcome: SendOutcome) => {
      const fresh = fromComposer.current.delete(entry.clientKey);
      if ("message" in outcome) {
        receive([outcome.message]);
        return;
      }
      const { error } = outcome;
      if (error instanceof ApiError && !error.isNetwork) {
        Toast.show({ content: errorText(error) });
        // Refused as written (too many at once): the words go back to the composer to send later.
        if (fresh) {
          updateOutbox((entries) => removeEntry(entries, entry.clientKey));
          restoreDraft(entry.body);
          return;
        }
      }
      updateOutbox((entries) => markEntry(entries, entry.clientKey, "failed"));
    },
    [receive, restoreDraft, updateOutbox],
  );

  /** Sends what is due; asked again while sending, it goes on with what became due meanwhile. */
  const flush = useCallback(async (): Promise<void> => {
    if (flushing.current) {
      await flushing.current;
      return flush();
    }
    const due = dueEntries(outboxRef.current);
    if (due.length === 0) return;
    flushing.current = sendInOrder(due, (entry) => sendChatMessage(sendRequestOf(entry)), report);
    try {
      await flushing.current;
    } finally {
      flushing.current = null;
    }
  }, [report]);

  /** The newest page first; then what waits in the outbox; the socket follows from there (below). */
  const loadNewest = useCallback(() => {
    let cancelled = false;
    fetchChatHistory().then(
      (page) => {
        if (cancelled) return;
        setThread({ messages: mergeMessages([], page.items), hasMore: page.hasMore });
        updateOutbox((entries) => settleDelivered(entries, page.items));
        void flush();
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(error);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [flush, updateOutbox]);
  useEffect(loadNewest, [loadNewest]);

  const loaded = thread !== null;
  useEffect(() => {
    if (!loaded) return;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const stopListening = listen((message: ServerMessage) => {
      if (message.type === "chat.message") {
        receive([message.message]);
        if (message.message.author === "operator") {
          setReadWanted((seq) => laterSeq(seq, message.message.seq));
          setSupportTyping(false);
          // Someone just answered: whatever was said before, support is there.
          setSocketOnline(true);
        }
      } else if (message.type === "chat.presence") {
        setSocketOnline(message.online);
      } else if (message.type === "chat.read" && message.side === "support") {
        setSocketReadSeq((seq) => laterSeq(seq, message.seq));
      } else if (message.type === "chat.typing" && message.side === "support") {
        setSupportTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setSupportTyping(false), SUPPORT_TYPING_MS);
      }
    });
    const stopFollowing = wantChat({ after: () => lastSeq.current });
    return () => {
      clearTimeout(typingTimer);
      stopFollowing();
      stopListening();
    };
  }, [loaded, receive]);

  // Back online: what did not go out goes now (before the history is there, its loading sends it).
  useEffect(() => {
    if (!loaded) return;
    return subscribeNetworkStatus(() => {
      if (networkStatus() !== "online") return;
      updateOutbox(retryAll);
      void flush();
    });
  }, [loaded, flush, updateOutbox]);

  useEffect(() => {
    const onVisibility = () => setVisible(pageVisible());
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  // Support's answers waiting when the page opened are read by opening it.
  const unreadOnOpen = (summary.data?.unread ?? 0) > 0;
  useEffect(() => {
    if (loaded && unreadOnOpen) setReadWanted((seq) => laterSeq(seq, lastSeq.current));
  }, [loaded, unreadOnOpen]);

  useEffect(() => {
    if (!visible || readWanted === null || readWanted === readPosted.current) return;
    readPosted.current = readWanted;
    markChatRead(readWanted).then(
      () => queryClient.invalidateQueries({ queryKey: chatKeys.summary }),
      // Not marked: the badge stays, and the next answer or visit marks it.
      () => {
        readPosted.current = null;
      },
    );
  }, [visible, readWanted, queryClient]);

  const loadOlder = useCallback(async () => {
    const oldest = thread?.messages[0]?.seq;
    if (!thread?.hasMore || !oldest || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchChatHistory(oldest);
      setThread((current) => ({
        messages: mergeMessages(current?.messages ?? [], page.items),
        hasMore: page.hasMore,
      }));
    } catch (error) {
      Toast.show({ content: errorText(error) });
    } finally {
      setLoadingOlder(false);
    }
  }, [thread, loadingOlder]);

  const send = useCallback(
    (body: string) => {
      const clientKey = newClientKey();
      fromComposer.current.add(clientKey);
      updateOutbox((entries) => queueMessage(entries, body, clientKey, new Date().toISOString()));
      void flush();
    },
    [flush, updateOutbox],
  );

  /** Shrinks the photo, uploads it, then sends it as a message through the outbox like a text. */
  const sendPhoto = useCallback(
    async (file: File) => {
      const uploading = Toast.show({ icon: "loading", content: t("chat.uploading"), duration: 0 });
      try {
        const { photoId } = await uploadChatPhoto(await shrinkPhoto(file));
        const clientKey = newClientKey();
        fromComposer.current.add(clientKey);
        updateOutbox((entries) => queueMessage(entries, "", clientKey, new Date().toISOString(), photoId));
        uploading.close();
        void flush();
      } catch (error) {
        uploading.close();
        Toast.show({ content: errorText(error) });
      }
    },
    [flush, t, updateOutbox],
  );

  const retry = useCallback(
    (clientKey: string) => {
      updateOutbox((entries) => markEntry(entries, clientKey, "sending"));
      void flush();
    },
    [flush, updateOutbox],
  );

  const typing = useCallback(() => {
    const now = Date.now();
    if (now - typingSent.current < TYPING_EVERY_MS) return;
    typingSent.current = now;
    sendChatTyping();
  }, []);

  const reload = useCallback(() => {
    setLoadError(null);
    loadNewest();
  }, [loadNewest]);

  return {
    summary,
    thread,
    loadError,
    loadingOlder,
    outbox,
    supportReadSeq: laterSeq(summary.data?.supportReadSeq ?? null, socketReadSeq) ?? "0",
    supportTyping,
    supportOnline: socketOnline ?? summary.data?.supportOnline ?? false,
    loadOlder,
    reload,
    send,
    sendPhoto,
    retry,
    typing,
  };
}
