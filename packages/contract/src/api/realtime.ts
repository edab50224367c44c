import { z } from "zod";
import { accountSummary } from "./auth";
import { cashierStatus } from "./cashier";
import { chatMessage } from "./chat";
import { isoTime } from "./common";
import { tick, ticker } from "./market";
import { reviewQueue } from "./operator-dashboard";
import { savingsSummary } from "./savings";
import { contract } from "./trading";
import { verificationState, verificationStatus } from "./verification";

/**
 * The one WebSocket at /api/ws. Market channels are public; the user's own events need the client to
 * authenticate first with `auth`, an operator's with `operator.auth` (the console's session token:
 * operators' sessions are apart from users'). A socket signs in once, in one realm. Later
 * capabilities add message types here.
 */
export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), token: z.string().max(200) }),
  z.object({ type: z.literal("operator.auth"), token: z.string().max(200) }),
  z.object({ type: z.literal("ping") }),
  /** All products' tickers, at most one message a second. */
  z.object({ type: z.literal("subscribe.tickers") }),
  z.object({ type: z.literal("unsubscribe.tickers") }),
  /** One product's ticks as they are recorded; `fromSeq` asks for the ticks missed since that one first. */
  z.object({
    type: z.literal("subscribe.product"),
    symbol: z.string().max(20),
    fromSeq: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  }),
  z.object({ type: z.literal("unsubscribe.product") }),
  /**
   * Follow a conversation's messages from after `after` (the last seq this client has; "0" for all):
   * a user their own (no id), an operator who may answer chats any one. Every later message reaches
   * the socket once, in order.
   */
  z.object({
    type: z.literal("chat.follow"),
    conversationId: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
    after: z.string().regex(/^\d{1,18}$/),
  }),
  /** The sender is typing in that conversation (a user: their own); told to the other side, not stored. */
  z.object({
    type: z.literal("chat.typing"),
    conversationId: z
      .string()
      .regex(/^\d{1,18}$/)
      .optional(),
  }),
  /**
   * An operator's console opened (`open`) or closed its chat desk: while it is open, users see that
   * support is online.
   */
  z.object({ type: z.literal("chat.desk"), open: z.boolean() }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

/** The operator review queues that announce their changes on the socket: the dashboard's queues. */
export const reviewQueueName = reviewQueue.shape.queue;
export type ReviewQueueName = z.infer<typeof reviewQueueName>;

export const serverMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), code: z.string() }),
  /** After every movement of the user's money but a settlement (which carries them): the figures now. */
  z.object({ type: z.literal("account.updated"), summary: accountSummary }),
  /** One of the user's contracts got its entry tick: it now runs until `expiresAt`. */
  z.object({ type: z.literal("contract.opened"), contract }),
  /** One of the user's contracts closed: its result and payout, with the user's figures right after. */
  z.object({ type: z.literal("contract.settled"), contract, summary: accountSummary }),
  /**
   * One of the user's withdrawals took a step that moved no money (a reviewer picked it up, the
   * payment was sent): the app asks for its withdrawals again.
   */
  z.object({ type: z.literal("withdrawal.updated") }),
  /** The user's Yu'ebao changed: a move, a confirmation, a day's income. Its figures now. */
  z.object({ type: z.literal("savings.updated"), summary: savingsSummary }),
  /**
   * The user's inbox changed: a notice for them (`personal`) or a broadcast for everyone. The app asks
   * for its unread count again; after a broadcast with a random delay, so that a million apps do not
   * ask in the same second.
   */
  z.object({ type: z.literal("inbox.changed"), scope: z.enum(["personal", "broadcast"]) }),
  /** The next message of a followed conversation, in order, once. */
  z.object({ type: z.literal("chat.message"), conversationId: z.string(), message: chatMessage }),
  /** The other side read the conversation up to `seq`. */
  z.object({
    type: z.literal("chat.read"),
    conversationId: z.string(),
    side: z.enum(["user", "support"]),
    seq: z.string(),
  }),
  /** The other side is typing (for a few seconds). */
  z.object({ type: z.literal("chat.typing"), conversationId: z.string(), side: z.enum(["user", "support"]) }),
  /** To a user following their conversation: whether someone of support is online now. */
  z.object({ type: z.literal("chat.presence"), online: z.boolean() }),
  /** To the user: their conversation changed (support wrote, resolved or reopened it); refresh the badge. */
  z.object({ type: z.literal("chat.changed"), conversationId: z.string() }),
  /**
   * To operators who answer chats, at most a few times a second: these conversations changed (a
   * message, assigned, resolved); an empty list means many did. Refresh the lists.
   */
  z.object({ type: z.literal("chats.changed"), conversationIds: z.array(z.string()) }),
  /** The user's verification was reviewed: where it stands now. */
  z.object({ type: z.literal("verification.updated"), status: verificationStatus }),
  /** `at`: when the server sent it, so a client can tell how fresh the figures are. */
  z.object({ type: z.literal("tickers"), at: isoTime, items: z.array(ticker) }),
  z.object({ type: z.literal("ticks"), symbol: z.string(), items: z.array(tick) }),
  /**
   * To operators whose role reviews the queue: a deposit, withdrawal or verification entered it, got a
   * first of two confirmations (`awaitingSecondApproval`, deposits only), or left it. Only the id and
   * the status (a verification's state for that queue): the console reads the rest through the queue's
   * own endpoint, which checks the operator again.
   */
  z.object({
    type: z.literal("queue.changed"),
    queue: reviewQueueName,
    id: z.string(),
    status: z.union([cashierStatus, verificationState]),
    awaitingSecondApproval: z.boolean(),
  }),
  /**
   * To every console (risk.read), at most once a second per server process: contracts were placed,
   * got their entry tick, settled or voided. Nothing more: the exposure board and the order desk ask
   * their endpoints again. `placed`: new orders among them.
   */
  z.object({ type: z.literal("risk.changed"), placed: z.boolean() }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
