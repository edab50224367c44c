import { realtimeUrl } from "@tickfair/browser/socket";
import type { ReviewQueueName } from "@tickfair/contract";
import { useEffect, useState } from "react";
import { useSession } from "../store/session";
import { SIGN_OUT_MUTATION_KEY } from "./auth";
import { chatKeys } from "./chat";
import { chatSocket } from "./chat-live";
import { sessionRefused } from "./client";
import { connectConsoleLive, type LiveStatus } from "./console-live";
import { queryClient, queryKeys } from "./query-client";
import { riskKeys } from "./risk";
import { verificationKeys } from "./verification";

/**
 * Changes that arrive within this long refresh each list once: a burst of deposits (a promotion, a
 * payday) costs one request per open list, not one per deposit.
 */
const REFRESH_GATHER_MS = 300;

const QUEUE_PAGES: Record<ReviewQueueName, readonly string[]> = {
  deposits: queryKeys.depositPages,
  withdrawals: queryKeys.withdrawalPages,
  verifications: verificationKeys.pages,
  chats: chatKeys.changing,
};

/** The queues the order desk lists beside the orders. */
const DESK_QUEUES: ReadonlySet<ReviewQueueName> = new Set(["deposits", "withdrawals"]);

const changed = new Set<ReviewQueueName>();
let bookMoved = false;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Asks again for the changed queues' pages (only those on screen are fetched at once; the rest when
 * shown) and the dashboard's waiting counts. A deposit's proof or a verification's photos are not
 * asked for again: each view is audited, and the images do not change.
 */
function refreshQueues(queues: readonly ReviewQueueName[]): void {
  for (const queue of queues) changed.add(queue);
  scheduleRefresh();
}

/** The open book moved: the exposure board and the order desk (its orders) are asked for again. */
function refreshBook(): void {
  bookMoved = true;
  scheduleRefresh();
}

function scheduleRefresh(): void {
  if (refreshTimer !== undefined) return;
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    const desk = bookMoved || [...changed].some((queue) => DESK_QUEUES.has(queue));
    for (const queue of changed) void queryClient.invalidateQueries({ queryKey: QUEUE_PAGES[queue] });
    if (bookMoved) void queryClient.invalidateQueries({ queryKey: riskKeys.exposure });
    if (desk) void queryClient.invalidateQueries({ queryKey: riskKeys.desk });
    if (changed.size > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    changed.clear();
    bookMoved = false;
  }, REFRESH_GATHER_MS);
}

/**
 * The signed-in console's live socket, open while the signed-in layout is shown: keeps the review
 * queues, the inbox and the dashboard current, carries the open conversation's messages, and answers
 * how the connection stands for the header.
 */
export function useConsoleLive(): LiveStatus {
  const token = useSession((state) => state.token);
  const [status, setStatus] = useState<LiveStatus>("connecting");
  useEffect(() => {
    if (!token) return;
    const connection = connectConsoleLive(token, realtimeUrl(window.location), {
      onStatus: setStatus,
      onQueuesChanged: refreshQueues,
      onChatsChanged: () => refreshQueues(["chats"]),
      onRiskChanged: refreshBook,
      onChatEvent: chatSocket.dispatch,
      onReady: chatSocket.ready,
      onSessionEnded: () => {
        // Signing out here ends the session too; that flow goes to the sign-in page by itself.
        if (queryClient.isMutating({ mutationKey: SIGN_OUT_MUTATION_KEY }) > 0) return;
        sessionRefused(token);
      },
    });
    chatSocket.attach(connection);
    return () => {
      chatSocket.attach(null);
      connection.close();
    };
  }, [token]);
  return status;
}
