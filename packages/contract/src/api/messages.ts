import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../locales";
import { moneyString } from "../money-schema";
import { idString, isoTime, isoTimeInput, operatorReason, pageOf, pageQuery } from "./common";
import { breakKind, limitKind } from "./limits";
import { verificationRejectReason } from "./verification";

/**
 * System messages (ARCHITECTURE §5): broadcasts an operator writes per locale, and personal notices
 * the platform writes when something happens to the user's account. A notice carries its kind and
 * the figures it names; the app words it in the reader's language when it is read.
 */
export const NOTICE_KINDS = [
  "deposit_confirmed",
  "deposit_rejected",
  "withdrawal_approved",
  "withdrawal_rejected",
  "withdrawal_paid",
  "verification_approved",
  "verification_rejected",
  "new_sign_in",
  "password_changed",
  "pay_password_changed",
  "limit_changed",
  "break_started",
  "passkey_added",
  "passkey_removed",
  "totp_enabled",
  "totp_disabled",
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The order number the user sees in their records, and its amount. */
const cashierRecord = { orderNo: z.string(), amount: moneyString };

/** What a notice says, by kind: the figures the app words it with. */
export const notice = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("deposit_confirmed"), ...cashierRecord }),
  z.object({ kind: z.literal("deposit_rejected"), ...cashierRecord, reason: z.string() }),
  z.object({ kind: z.literal("withdrawal_approved"), ...cashierRecord, fee: moneyString }),
  z.object({ kind: z.literal("withdrawal_rejected"), ...cashierRecord, reason: z.string() }),
  /** The operator sent the money: what the user receives (net of the fee) and the payment's reference. */
  z.object({ kind: z.literal("withdrawal_paid"), ...cashierRecord, reference: z.string() }),
  z.object({ kind: z.literal("verification_approved") }),
  z.object({
    kind: z.literal("verification_rejected"),
    reason: verificationRejectReason,
    text: z.string(),
  }),
  /** `device`: the browser and system, e.g. "Chrome · Android"; null when the app did not say. */
  z.object({ kind: z.literal("new_sign_in"), device: z.string().nullable() }),
  z.object({ kind: z.literal("password_changed") }),
  z.object({ kind: z.literal("pay_password_changed") }),
  /**
   * One of the user's own limits changed or will: `from`/`to` as the limits page shows them (null:
   * no limit); `appliesAt` is now for a tighter one, 24 hours on for a looser one. A notice, so that a
   * loosening the user did not ask for is seen while it can still be cancelled.
   */
  z.object({
    kind: z.literal("limit_changed"),
    limit: limitKind,
    from: z.string().nullable(),
    to: z.string().nullable(),
    appliesAt: isoTime,
  }),
  z.object({ kind: z.literal("break_started"), break: breakKind, until: isoTime }),
  /**
   * A way into the account was added or taken away: told each time, so that a change the user did not
   * make is seen. `name` is the passkey's name as the user gave it.
   */
  z.object({ kind: z.literal("passkey_added"), name: z.string() }),
  z.object({ kind: z.literal("passkey_removed"), name: z.string() }),
  z.object({ kind: z.literal("totp_enabled") }),
  /** `byOperator`: customer service reset it (a user who lost their authenticator and recovery codes). */
  z.object({ kind: z.literal("totp_disabled"), byOperator: z.boolean() }),
]);
export type Notice = z.infer<typeof notice>;

/** A broadcast as a reader gets it: in their language, or the default one when it has none. */
export const broadcastContent = z.object({
  kind: z.literal("broadcast"),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
});

export const inboxMessage = z.object({
  id: z.string(),
  at: isoTime,
  read: z.boolean(),
  content: z.union([broadcastContent, notice]),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const inboxQuery = pageQuery;
export type InboxQuery = z.infer<typeof inboxQuery>;
export const inboxPage = pageOf(inboxMessage);
export type InboxPage = z.infer<typeof inboxPage>;

/** The badge: how many are unread, counted up to UNREAD_COUNT_CAP (shown as "99+" beyond). */
export const UNREAD_COUNT_CAP = 100;
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

export const messageIdParams = z.object({ id: idString });

// ── Console ─────────────────────────────────────────────────────────────────────────────────────

/** One locale's broadcast: plain text (line breaks kept), no Markdown. */
export const broadcastText = z.object({
  title: z.string().trim().min(1, { message: "REQUIRED" }).max(80, { message: "VALIDATION_FAILED" }),
  body: z.string().trim().min(1, { message: "REQUIRED" }).max(2_000, { message: "VALIDATION_FAILED" }),
});
export type BroadcastText = z.infer<typeof broadcastText>;

/** Texts by locale: the default locale's required; a key that is no locale is refused. */
export const broadcastTranslations = z.strictObject(
  Object.fromEntries(
    LOCALES.map((locale) => [locale, locale === DEFAULT_LOCALE ? broadcastText : broadcastText.optional()]),
  ) as Record<Locale, z.ZodOptional<typeof broadcastText>>,
);
export type BroadcastTranslations = z.infer<typeof broadcastTranslations>;

/** A new broadcast, sent at `publishAt` (at once when left out or past). */
export const broadcastInput = z.object({
  translations: broadcastTranslations,
  publishAt: isoTimeInput().nullable().default(null),
  reason: operatorReason,
});
export type BroadcastInput = z.infer<typeof broadcastInput>;

export const BROADCAST_STATES = ["scheduled", "published", "cancelled"] as const;
export const broadcastState = z.enum(BROADCAST_STATES);
export type BroadcastState = z.infer<typeof broadcastState>;

export const operatorBroadcast = z.object({
  id: z.string(),
  state: broadcastState,
  translations: broadcastTranslations,
  publishAt: isoTime,
  publishedAt: isoTime.nullable(),
  createdBy: z.string(),
  createdAt: isoTime,
  cancelledAt: isoTime.nullable(),
});
export type OperatorBroadcast = z.infer<typeof operatorBroadcast>;

export const broadcastQuery = pageQuery;
export type BroadcastQuery = z.infer<typeof broadcastQuery>;
export const broadcastPage = pageOf(operatorBroadcast);
export type BroadcastPage = z.infer<typeof broadcastPage>;

/** Cancelling a scheduled broadcast: once out, a broadcast stays in every inbox. */
export const cancelBroadcastRequest = z.object({ reason: operatorReason });
export type CancelBroadcastRequest = z.infer<typeof cancelBroadcastRequest>;
