import type { PushPayload } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import {
  bankMethod,
  bindBankCard,
  demoTopUp,
  key,
  operatorAuth,
  postWithdrawal,
  postWithKey,
} from "../test/cashier-fixtures";
import { registerAndLogin } from "../test/fixtures";
import { usePushingApp } from "../test/push-service";

const { t, pushService } = usePushingApp();

type Auth = Record<string, string>;
const operatorPost = (headers: Auth, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url: `/api/v1/operator/${url}`, headers, ...(payload ? { payload } : {}) });

/** What the user's browser received since `from`, decrypted. */
async function receivedSince(from: number): Promise<PushPayload[]> {
  await t.app.tickfair.push.deliver();
  return pushService().payloads<PushPayload>().slice(from);
}

describe("what pushes", () => {
  it("tells of a confirmed deposit, a paid and a rejected withdrawal, a reply (not a note) and a broadcast", async () => {
    const user = await registerAndLogin(t);
    const bystander = await registerAndLogin(t);
    for (const [auth, locale] of [
      [user.auth, "en"],
      [bystander.auth, "fr"],
    ] as const) {
      const answer = await t.app.inject({
        method: "POST",
        url: "/api/v1/me/push-subscriptions",
        headers: auth,
        payload: { ...pushService().subscribe(), locale },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    }
    const finance = await operatorAuth(t, "finance");
    let from = pushService().received.length;

    const method = await bankMethod(t);
    const deposit = await postWithKey(t.app, "/api/v1/cashier/deposits", user.auth, {
      methodId: method.id,
      amount: "1234.50",
      reference: "TX-1",
    });
    expect((await operatorPost(finance.headers, `deposits/${deposit.json().id}/confirm`)).statusCode).toBe(
      200,
    );
    expect(await receivedSince(from)).toEqual([
      {
        kind: "deposit_confirmed",
        title: "Deposit confirmed",
        body: `Order ${deposit.json().orderNo}, 1,234.50 added to your balance`,
        tag: `deposit-${deposit.json().orderNo}`,
        ref: null,
      },
    ]);

    await demoTopUp(t.app, user.auth, "500.00");
    await bindBankCard(t.app, user.auth);
    const payPassword = user.registration.payPassword;
    const refused = await postWithdrawal(t.app, user.auth, { amount: "200.00", payPassword }, key());
    const paid = await postWithdrawal(t.app, user.auth, { amount: "300.00", payPassword }, key());
    from = pushService().received.length;
    await operatorPost(finance.headers, `withdrawals/${refused.json().id}/reject`, {
      reason: "Name does not match",
    });
    expect((await operatorPost(finance.headers, `withdrawals/${paid.json().id}/approve`)).statusCode).toBe(
      200,
    );
    const sent = await operatorPost(finance.headers, `withdrawals/${paid.json().id}/paid`, {
      reference: "BANK-1",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // Sent side by side, they may arrive in either order, as from a real push pushService().
    const withdrawals = await receivedSince(from);
    expect(withdrawals.map((push) => [push.kind, push.title]).sort()).toEqual([
      ["withdrawal_paid", "Withdrawal paid"],
      ["withdrawal_rejected", "Withdrawal rejected"],
    ]);
    // A lock screen shows no reason, only the record and its amount.
    expect(withdrawals.find((push) => push.kind === "withdrawal_rejected")?.body).toBe(
      `Order ${refused.json().orderNo}, 200.00 returned to your balance`,
    );

    const asked = await t.app.inject({
      method: "POST",
      url: "/api/v1/chat/messages",
      headers: user.auth,
      payload: { clientKey: key(), body: "Where is my money?" },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const conversation = await t.db
      .selectFrom("conversations")
      .select("id")
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    const support = await operatorAuth(t, "support");
    from = pushService().received.length;
    for (const note of [true, false])
      expect(
        (
          await operatorPost(support.headers, `chats/${conversation.id}/messages`, {
            clientKey: key(),
            body: "It was paid this morning.",
            note,
          })
        ).statusCode,
      ).toBe(201);
    expect(await receivedSince(from)).toEqual([
      {
        kind: "chat_reply",
        title: "Customer service replied",
        body: "Open the app to read the reply",
        tag: "chat",
        ref: null,
      },
    ]);

    const admin = await operatorAuth(t, "admin");
    from = pushService().received.length;
    const broadcast = await operatorPost(admin.headers, "broadcasts", {
      translations: {
        "zh-CN": { title: "今晚维护", body: "系统将于今晚维护。" },
        fr: { title: "Maintenance ce soir", body: "Le système est en maintenance ce soir." },
      },
      publishAt: null,
      reason: "Planned maintenance notice",
    });
    expect(broadcast.statusCode, broadcast.body).toBe(201);
    const everyone = await receivedSince(from);
    // Every subscriber, each in their language: the English reader gets the Chinese title (no English text).
    expect(everyone.map((push) => [push.title, push.body]).sort()).toEqual([
      ["Annonce", "Maintenance ce soir"],
      ["Announcement", "今晚维护"],
    ]);
  });
});
