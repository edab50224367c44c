import { formatMoney, type InboxMessage } from "@tickfair/contract";
import type { TFunction } from "i18next";
import { limitValueText } from "../../lib/limit-format";
import { paths } from "../../lib/paths";
import { formatDateTime } from "../../lib/time";

type Content = InboxMessage["content"];

export interface MessageText {
  title: string;
  /** Plain text; its line breaks are meant to show. */
  body: string;
}

/**
 * A message as the reader reads it: a broadcast comes in their language already; a notice is worded
 * here from its kind and figures, amounts in the reader's number format.
 */
export function messageText(content: Content, t: TFunction, locale: string): MessageText {
  if (content.kind === "broadcast") return { title: content.title, body: content.body };
  const money = (amount: string) => formatMoney(amount, locale);
  const title = t(`messages.notice.${content.kind}.title`);
  /** The notice's sentence, then the operator's reason on a line of its own when they gave one. */
  const withReason = (body: string, reason: string) =>
    reason.trim() ? `${body}\n${t("messages.reasonLine", { reason: reason.trim() })}` : body;
  switch (content.kind) {
    case "deposit_confirmed":
      return {
        title,
        body: t("messages.notice.deposit_confirmed.body", {
          orderNo: content.orderNo,
          amount: money(content.amount),
        }),
      };
    case "deposit_rejected":
      return {
        title,
        body: withReason(
          t("messages.notice.deposit_rejected.body", {
            orderNo: content.orderNo,
            amount: money(content.amount),
          }),
          content.reason,
        ),
      };
    case "withdrawal_approved":
      return {
        title,
        body: t("messages.notice.withdrawal_approved.body", {
          orderNo: content.orderNo,
          amount: money(content.amount),
          fee: money(content.fee),
        }),
      };
    case "withdrawal_paid":
      return {
        title,
        body: t("messages.notice.withdrawal_paid.body", {
          orderNo: content.orderNo,
          amount: money(content.amount),
          reference: content.reference,
        }),
      };
    case "withdrawal_rejected":
      return {
        title,
        body: withReason(
          t("messages.notice.withdrawal_rejected.body", {
            orderNo: content.orderNo,
            amount: money(content.amount),
          }),
          content.reason,
        ),
      };
    case "verification_rejected": {
      const body = t("messages.notice.verification_rejected.body", {
        reason: t(`verification.reasons.${content.reason}`),
      });
      const note = content.text.trim();
      return { title, body: note ? `${body}\n${t("verification.reviewerNote", { text: note })}` : body };
    }
    case "new_sign_in":
      return {
        title,
        body: t("messages.notice.new_sign_in.body", {
          device: content.device ?? t("messages.unknownDevice"),
        }),
      };
    case "limit_changed": {
      const value = (text: string | null) =>
        limitValueText(content.limit, text, t, locale, { inSentence: true });
      return {
        title,
        body: t("messages.notice.limit_changed.body", {
          limit: t(`limits.kind.${content.limit}`),
          from: value(content.from),
          to: value(content.to),
          at: formatDateTime(content.appliesAt, locale),
        }),
      };
    }
    case "break_started":
      return {
        title,
        body: t(`messages.notice.break_started.${content.break}`, {
          until: formatDateTime(content.until, locale),
        }),
      };
    case "passkey_added":
    case "passkey_removed":
      return { title, body: t(`messages.notice.${content.kind}.body`, { name: content.name }) };
    case "totp_disabled":
      return {
        title,
        body: t(`messages.notice.totp_disabled.${content.byOperator ? "byOperator" : "byUser"}`),
      };
    case "verification_approved":
    case "password_changed":
    case "pay_password_changed":
    case "totp_enabled":
      return { title, body: t(`messages.notice.${content.kind}.body`) };
  }
}

type LinkKey = "user.depositDetails" | "user.withdrawDetails" | "user.verification" | "limits.title";

/** Where a notice leads, if anywhere: the records it is about, or the verification page. */
export function messageLink(content: Content): { to: string; label: LinkKey } | null {
  switch (content.kind) {
    case "deposit_confirmed":
    case "deposit_rejected":
      return { to: paths.depositDetails, label: "user.depositDetails" };
    case "withdrawal_approved":
    case "withdrawal_paid":
    case "withdrawal_rejected":
      return { to: paths.withdrawDetails, label: "user.withdrawDetails" };
    case "verification_approved":
    case "verification_rejected":
      return { to: paths.verification, label: "user.verification" };
    case "limit_changed":
    case "break_started":
      return { to: paths.limits, label: "limits.title" };
    default:
      return null;
  }
}
