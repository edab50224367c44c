import { z } from "zod";
import { LOCALES } from "../locales";
import { isoTime } from "./common";

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .refine((text) => Math.floor((text.replace(/=+$/, "").length * 3) / 4) === bytes, {
      message: `must be ${bytes} bytes in base64url`,
    });

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it, and the language its
 * notifications are written in (the app's language on that device). The endpoint is the push
 * service's address for this browser; the keys are the browser's P-256 public key (65 bytes,
 * uncompressed) and its 16-byte auth secret (RFC 8291).
 */
export const pushSubscriptionInput = z.object({
  endpoint: z.url().max(2048),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
  locale: z.enum(LOCALES),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** One of the user's push subscriptions; `current` when it belongs to the session that asks. */
export const pushSubscription = z.object({
  id: z.string(),
  endpoint: z.string(),
  locale: z.enum(LOCALES),
  current: z.boolean(),
  createdAt: isoTime,
});
export type PushSubscription = z.infer<typeof pushSubscription>;

export const pushSubscriptions = z.object({ subscriptions: z.array(pushSubscription) });
export type PushSubscriptions = z.infer<typeof pushSubscriptions>;

/** The server's VAPID public key (base64url, uncompressed P-256), the browser's `applicationServerKey`. */
export const pushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof pushKey>;

/** What a notification tells of, by kind (the service worker's tag and where a tap leads). */
export const PUSH_KINDS = [
  "contract_settled",
  "deposit_confirmed",
  "withdrawal_paid",
  "withdrawal_rejected",
  "chat_reply",
  "broadcast",
] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The decrypted payload a push carries to the service worker: already worded in the subscription's language. */
export const pushPayload = z.object({
  kind: z.enum(PUSH_KINDS),
  title: z.string(),
  body: z.string(),
  /** One notification per thing: a second push of the same tag replaces the first. */
  tag: z.string(),
  /** What a tap opens, with the kind: the contract's id for a settled contract, else null. */
  ref: z.string().nullable(),
});
export type PushPayload = z.infer<typeof pushPayload>;
