import type { ChatEvent, ConsoleLiveConnection } from "./console-live";

/** The conversation the inbox has open, as the console's socket follows it (one at a time). */
export interface ChatFollower {
  conversationId: string;
  /** The last seq the page holds: where a follow, or a follow again after a drop, starts. */
  after(): string;
  onEvent(event: ChatEvent): void;
}

let connection: ConsoleLiveConnection | null = null;
let follower: ChatFollower | null = null;
/** Whether the inbox is on screen: while it is, users see that support is online. */
let deskOpen = false;

function sendFollow(): void {
  if (connection && follower)
    connection.send({
      type: "chat.follow",
      conversationId: follower.conversationId,
      after: follower.after(),
    });
}

function sendDesk(): void {
  if (deskOpen) connection?.send({ type: "chat.desk", open: true });
}

/** The glue between the layout's socket and the inbox page, which mount and unmount apart. */
export const chatSocket = {
  attach(live: ConsoleLiveConnection | null): void {
    connection = live;
  },
  /** Signed in, first or again: the server forgot the old connection's follow and desk. */
  ready(): void {
    sendFollow();
    sendDesk();
  },
  dispatch(event: ChatEvent): void {
    if (follower && event.conversationId === follower.conversationId) follower.onEvent(event);
  },
};

/** Follows `next` from its last seq; answers the function that stops passing its events on. */
export function followConversation(next: ChatFollower): () => void {
  follower = next;
  sendFollow();
  return () => {
    // The server has no unfollow: a conversation left is only no longer listened to.
    if (follower === next) follower = null;
  };
}

/** The inbox is on screen: support is online for users until the returned function closes the desk. */
export function openDesk(): () => void {
  deskOpen = true;
  sendDesk();
  return () => {
    deskOpen = false;
    connection?.send({ type: "chat.desk", open: false });
  };
}

/** Tells the user that support is typing (the server forwards it for a few seconds). */
export function sendTyping(conversationId: string): void {
  connection?.send({ type: "chat.typing", conversationId });
}
