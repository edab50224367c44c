import { type InboxMessage, LOCALES, type NoticeKind } from "@tickfair/contract";
import i18next from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import enLimits from "../../i18n/locales/limits/en.json";
import enVerification from "../../i18n/locales/verification/en.json";
import { messageLink, messageText } from "./message-text";

type Content = InboxMessage["content"];

/** One notice of each kind, with figures to word. */
const NOTICES: Record<NoticeKind, Content> = {
  deposit_confirmed: { kind: "deposit_confirmed", orderNo: "D2026112400001", amount: "1234.50" },
  deposit_rejected: {
    kind: "deposit_rejected",
    orderNo: "D2026112400002",
    amount: "10.00",
    reason: "No payment arrived",
  },
  withdrawal_approved: { kind: "withdrawal_approved", orderNo: "W1", amount: "500.00", fee: "2.50" },
  withdrawal_rejected: { kind: "withdrawal_rejected", orderNo: "W2", amount: "80.00", reason: "" },
  withdrawal_paid: { kind: "withdrawal_paid", orderNo: "W3", amount: "497.50", reference: "BANK-TX-0042" },
  verification_approved: { kind: "verification_approved" },
  verification_rejected: { kind: "verification_rejected", reason: "photo_blurred", text: "Retake the back" },
  new_sign_in: { kind: "new_sign_in", device: null },
  password_changed: { kind: "password_changed" },
  pay_password_changed: { kind: "pay_password_changed" },
  limit_changed: {
    kind: "limit_changed",
    limit: "stake_day",
    from: "100.00",
    to: "1500.00",
    appliesAt: "2026-11-25T08:30:00.000Z",
  },
  break_started: { kind: "break_started", break: "time_out", until: "2026-12-01T08:30:00.000Z" },
  passkey_added: { kind: "passkey_added", name: "My phone" },
  passkey_removed: { kind: "passkey_removed", name: "My phone" },
  totp_enabled: { kind: "totp_enabled" },
  totp_disabled: { kind: "totp_disabled", byOperator: true },
};

const texts = i18next.createInstance();

/** The texts a notice uses, in every locale: the core's and the messages', limits' and verification's. */
const groups = import.meta.glob<{ default: Record<string, unknown> }>(
  ["../../i18n/locales/*.json", "../../i18n/locales/{messages,limits,verification}/*.json"],
  { eager: true },
);
const localeTexts = (locale: string) =>
  Object.assign(
    {},
    ...Object.entries(groups)
      .filter(([file]) => file.endsWith(`/${locale}.json`))
      .map(([, module]) => module.default),
  );

beforeAll(async () => {
  await texts.init({
    lng: "en",
    resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: localeTexts(locale) }])),
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
});

describe.each(LOCALES)("a notice in %s", (locale) => {
  const wordingOf = (content: Content) => messageText(content, texts.getFixedT(locale), locale);

  it.each(Object.values(NOTICES))("has a title and a body: %o", (content) => {
    const { title, body } = wordingOf(content);
    expect(title.trim()).not.toBe("");
    expect(body.trim()).not.toBe("");
    // Worded, not a key: every placeholder filled.
    expect(`${title} ${body}`).not.toMatch(/messages\.|verification\.|limits\.|\{\{/);
  });

  it("names the order", () => {
    expect(wordingOf(NOTICES.deposit_confirmed).body).toContain("D2026112400001");
  });

  it("names the device of a new sign-in", () => {
    expect(wordingOf({ kind: "new_sign_in", device: "Chrome · Android" }).body).toContain("Chrome · Android");
  });

  it("names the passkey added or removed", () => {
    expect(wordingOf(NOTICES.passkey_added).body).toContain("My phone");
    expect(wordingOf(NOTICES.passkey_removed).body).toContain("My phone");
  });

  it("says who turned two-step sign-in off", () => {
    const byUser = wordingOf({ kind: "totp_disabled", byOperator: false }).body;
    expect(byUser).not.toBe(wordingOf(NOTICES.totp_disabled).body);
  });

  it("names a paid withdrawal's payment reference", () => {
    expect(wordingOf(NOTICES.withdrawal_paid).body).toContain("BANK-TX-0042");
  });

  it("words a limit that was or becomes none as the language does inside a sentence", () => {
    const t = texts.getFixedT(locale);
    const none = t("limits.noneInSentence");
    const from = { ...NOTICES.limit_changed, limit: "open_positions", from: null, to: "3" } as Content;
    const to = { ...NOTICES.limit_changed, from: "100.00", to: null } as Content;
    for (const content of [from, to]) {
      const { body } = wordingOf(content);
      expect(body).toContain(none);
      // The heading's form ("No limit", "Aucune limite") only where the language writes both alike.
      if (t("limits.none") !== none) expect(body).not.toContain(t("limits.none"));
    }
  });
});

it("formats a notice's amounts for the reader's locale", () => {
  expect(messageText(NOTICES.deposit_confirmed, texts.getFixedT("en"), "en").body).toContain("1,234.50");
  expect(messageText(NOTICES.deposit_confirmed, texts.getFixedT("de"), "de").body).toContain("1.234,50");
});

describe("a notice's wording", () => {
  const en = (content: Content) => messageText(content, texts.getFixedT("en"), "en");

  it("reads as the specification words a confirmed deposit", () => {
    expect(en(NOTICES.deposit_confirmed)).toEqual({
      title: "Deposit confirmed",
      body: "Your deposit D2026112400001 of 1,234.50 has been credited to your balance.",
    });
  });

  it("adds the operator's reason only when there is one", () => {
    expect(en(NOTICES.deposit_rejected).body).toMatch(/\nReason: No payment arrived$/);
    expect(en(NOTICES.withdrawal_rejected).body).not.toContain("Reason");
  });

  it("names the verification's reason with the verification page's label, and the reviewer's note", () => {
    const { body } = en(NOTICES.verification_rejected);
    expect(body).toContain(enVerification.verification.reasons.photo_blurred);
    expect(body).toContain("Retake the back");
  });

  it("says an unrecognised device when the app did not say which", () => {
    expect(en(NOTICES.new_sign_in).body).toContain("an unrecognised device");
    expect(en({ kind: "new_sign_in", device: "Chrome · Android" }).body).toContain("Chrome · Android");
  });

  it("tells the user to contact customer service after a password change they did not make", () => {
    expect(en(NOTICES.password_changed).body).toContain("customer service");
    expect(en(NOTICES.pay_password_changed).body).toContain("customer service");
  });

  it("names a changed limit in the limits page's words, with both values and when it applies", () => {
    const { body } = en(NOTICES.limit_changed);
    expect(body).toContain(enLimits.limits.kind.stake_day);
    expect(body).toMatch(/from 100\.00 to 1,500\.00/);
    expect(body).toContain("2026");
    const positions: Content = {
      kind: "limit_changed",
      limit: "open_positions",
      from: null,
      to: "3",
      appliesAt: "2026-11-25T08:30:00.000Z",
    };
    expect(en(positions).body).toMatch(/from no limit to 3 positions/);
    expect(messageLink(NOTICES.break_started)?.to).toBe("/pages/limits/limits");
  });

  it("passes a broadcast through as the server wrote it in the reader's language", () => {
    const broadcast: Content = {
      kind: "broadcast",
      locale: "en",
      title: "Maintenance",
      body: "Line 1\nLine 2",
    };
    expect(en(broadcast)).toEqual({ title: "Maintenance", body: "Line 1\nLine 2" });
  });

  it("links money notices to their records and verification notices to the verification page", () => {
    expect(messageLink(NOTICES.deposit_rejected)?.to).toBe("/pages/withdraw-list/withdraw-open");
    expect(messageLink(NOTICES.withdrawal_approved)?.to).toBe("/pages/withdraw-list/withdraw-list");
    expect(messageLink(NOTICES.verification_rejected)?.to).toBe("/pages/verify/verify");
    expect(messageLink(NOTICES.password_changed)).toBeNull();
  });
});
