import { z } from "zod";
import { LOCALES } from "../locales";
import { accountSummary } from "./auth";
import { withdrawal, withdrawalAccount } from "./cashier";
import { isoTime } from "./common";
import { photoLink, verificationState } from "./verification";

/**
 * Customer service (ARCHITECTURE §5): one conversation per user with support. Messages are numbered
 * in their conversation (`seq`, a decimal string): a client that has seen n asks for what follows n.
 */
export const CHAT_AUTHORS = ["user", "operator", "note"] as const;
export const chatAuthor = z.enum(CHAT_AUTHORS);
export type ChatAuthor = z.infer<typeof chatAuthor>;

export const CONVERSATION_STATES = ["open", "resolved"] as const;
export const conversationState = z.enum(CONVERSATION_STATES);
export type ConversationState = z.infer<typeof conversationState>;

export const MAX_CHAT_BODY = 2_000;

const seqString = z.string().regex(/^\d{1,18}$/, { message: "VALIDATION_FAILED" });

/** A message as its reader sees it; users never get notes, nor which operator wrote. */
export const chatMessage = z.object({
  seq: z.string(),
  author: chatAuthor,
  /** The operator's name, for the console only (null to users and for the user's own messages). */
  operator: z.string().nullable(),
  body: z.string(),
  /** A photo the user sent (re-encoded, private): short-lived links for the reader's session. */
  photo: photoLink.nullable(),
  /** The sender's own key for it (the user's, for their own messages): how an outbox knows it arrived. */
  clientKey: z.string().nullable(),
  at: isoTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/**
 * A message sent: text, a photo uploaded first through /chat/photos, or both. `clientKey` makes a
 * resend after a lost answer store nothing twice.
 */
export const chatSendRequest = z.object({
  clientKey: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, { message: "VALIDATION_FAILED" }),
  body: z.string().trim().max(MAX_CHAT_BODY, { message: "VALIDATION_FAILED" }).default(""),
  photoId: z.string().uuid().optional(),
});
export type ChatSendRequest = z.infer<typeof chatSendRequest>;

/** A page of history, newest first: `before` a seq (from the newest without one). */
export const chatHistoryQuery = z.object({
  before: seqString.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ChatHistoryQuery = z.infer<typeof chatHistoryQuery>;
export const chatHistory = z.object({ items: z.array(chatMessage), hasMore: z.boolean() });
export type ChatHistory = z.infer<typeof chatHistory>;

/** When support answers live, in the platform's time zone; outside them a message waits for the morning. */
export const serviceHours = z.object({
  from: z.string().describe("HH:mm"),
  to: z.string().describe("HH:mm"),
  timeZone: z.string(),
  openNow: z.boolean(),
});
export type ServiceHours = z.infer<typeof serviceHours>;

/** The user's conversation as their app shows it. */
export const userConversation = z.object({
  state: conversationState,
  lastSeq: z.string(),
  /** Messages from support after the user's read marker. */
  unread: z.number().int(),
  /** How far support has read the user's messages: the "read" ticks. */
  supportReadSeq: z.string(),
  /** Resolved and not yet rated: the app may ask for a 1–5 rating. */
  canRate: z.boolean(),
  serviceHours,
  /** An operator has the chat desk open, or wrote to a user a moment ago: answers can come live. */
  supportOnline: z.boolean(),
});
export type UserConversation = z.infer<typeof userConversation>;

export const chatReadRequest = z.object({ seq: seqString });
export type ChatReadRequest = z.infer<typeof chatReadRequest>;

export const chatRatingRequest = z.object({ rating: z.number().int().min(1).max(5) });
export type ChatRatingRequest = z.infer<typeof chatRatingRequest>;

// ── Console ─────────────────────────────────────────────────────────────────────────────────────

export const CHAT_VIEWS = ["unassigned", "mine", "all"] as const;
export const chatView = z.enum(CHAT_VIEWS);
export type ChatView = z.infer<typeof chatView>;

export const conversationListQuery = z.object({
  view: chatView.default("all"),
  state: conversationState.default("open"),
  cursor: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ConversationListQuery = z.infer<typeof conversationListQuery>;

/** A conversation in the console's inbox. */
export const operatorConversation = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), account: z.string() }),
  state: conversationState,
  assignee: z.string().nullable(),
  lastSeq: z.string(),
  lastMessage: z.string().nullable(),
  lastMessageAt: isoTime.nullable(),
  /** Since when the user's latest message waits for an answer. */
  waitingSince: isoTime.nullable(),
  /** The user's messages support has not read. */
  unread: z.number().int(),
  userReadSeq: z.string(),
  rating: z.number().int().nullable(),
});
export type OperatorConversation = z.infer<typeof operatorConversation>;
export const conversationPage = z.object({
  items: z.array(operatorConversation),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPage>;

/** Support writes text (photos come from users). */
export const operatorChatSendRequest = chatSendRequest.omit({ photoId: true }).extend({
  body: z
    .string()
    .trim()
    .min(1, { message: "REQUIRED" })
    .max(MAX_CHAT_BODY, { message: "VALIDATION_FAILED" }),
  /** An internal note: kept with the conversation, never shown to the user. */
  note: z.boolean().default(false),
});
export type OperatorChatSendRequest = z.infer<typeof operatorChatSendRequest>;

export const assignConversationRequest = z.object({
  /** The operator to take it, or null to give it back to the unassigned queue. */
  operatorId: z
    .string()
    .regex(/^\d{1,18}$/)
    .nullable(),
});
export type AssignConversationRequest = z.infer<typeof assignConversationRequest>;

/**
 * Who the operator is talking to, beside the conversation: the user's figures, verification, bound
 * withdrawal account (masked as the user sees it) and latest withdrawals — what most questions are about.
 */
export const conversationContext = z.object({
  conversation: operatorConversation,
  user: z.object({
    id: z.string(),
    account: z.string(),
    phone: z.string(),
    createdAt: isoTime,
    verification: verificationState,
  }),
  summary: accountSummary,
  withdrawalAccount: withdrawalAccount.nullable(),
  recentWithdrawals: z.array(withdrawal),
});
export type ConversationContext = z.infer<typeof conversationContext>;

/** A reply an operator inserts with one click, written per locale. */
export const cannedReply = z.object({
  id: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
});
export type CannedReply = z.infer<typeof cannedReply>;
export const cannedReplyList = z.object({ items: z.array(cannedReply) });
export type CannedReplyList = z.infer<typeof cannedReplyList>;
export const cannedReplyLocale = z.enum(LOCALES);
export const cannedReplyQuery = z.object({ locale: cannedReplyLocale.optional() });
export const cannedReplyInput = z.object({
  locale: cannedReplyLocale,
  title: z.string().trim().min(1, { message: "REQUIRED" }).max(60, { message: "VALIDATION_FAILED" }),
  body: z
    .string()
    .trim()
    .min(1, { message: "REQUIRED" })
    .max(MAX_CHAT_BODY, { message: "VALIDATION_FAILED" }),
});
export type CannedReplyInput = z.infer<typeof cannedReplyInput>;
