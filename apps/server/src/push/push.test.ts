import type { PushPayload, PushSubscriptions } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { demoTopUp } from "../test/cashier-fixtures";
import { registerAndLogin, signIn } from "../test/fixtures";
import { type BrowserSubscription, usePushingApp } from "../test/push-service";
import { placeAndSettle } from "../test/trading-fixtures";
import { PUSH_MAX_ATTEMPTS } from "./delivery";
import { enqueuePush } from "./events";

const { t, pushService } = usePushingApp({ VAPID_SUBJECT: "mailto:ops@tickfair.test" });

type Auth = Record<string, string>;

async function subscribe(
  auth: Auth,
  locale: string,
  browser: BrowserSubscription = pushService().subscribe(),
) {
  const answer = await t.app.inject({
    method: "POST",
    url: "/api/v1/me/push-subscriptions",
    headers: auth,
    payload: { ...browser, locale },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { browser, id: answer.json<{ id: string }>().id };
}

const subscriptions = async (auth: Auth) =>
  (await t.app.inject({ url: "/api/v1/me/push-subscriptions", headers: auth })).json<PushSubscriptions>()
    .subscriptions;

const deliver = () => t.app.tickfair.push.deliver();
const outboxRows = async () => (await t.db.selectFrom("push_outbox").selectAll().execute()).length;

/** A 10.00 "up" contract of `auth`'s user, won (exit above entry) and settled; answers its id. */
async function winAContract(auth: Auth): Promise<string> {
  const { id, settled } = await placeAndSettle(t, auth, 9_200_000n);
  expect(settled.map((contract) => contract.result)).toEqual(["win"]);
  return id;
}

describe("push notifications through a local push service", () => {
  it("tells each browser of a settled contract, encrypted for it (RFC 8291), in its language", async () => {
    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "100.00");
    const key = (await t.app.inject({ url: "/api/v1/push/key" })).json<{ publicKey: string }>().publicKey;
    const chinese = await subscribe(user.auth, "zh-CN");
    const german = await subscribe(user.auth, "de");
    const before = pushService().received.length;

    const contractId = await winAContract(user.auth);
    expect(await deliver()).toEqual(["sent", "sent"]);

    const got = pushService().received.slice(before);
    const order = await t.db.selectFrom("contracts").select("order_no").executeTakeFirstOrThrow();
    const byBrowser = (browser: BrowserSubscription) =>
      JSON.parse(
        got.find((message) => browser.endpoint.endsWith(message.id))?.plaintext ?? "null",
      ) as PushPayload;
    // 10.00 × 1.85 (60 s: 8500 bps) back: 18.50, written the reader's way.
    expect(byBrowser(chinese.browser)).toEqual({
      kind: "contract_settled",
      title: "合约已结算：盈利",
      body: `订单 ${order.order_no}，返还 18.50`,
      tag: `contract-${contractId}`,
      ref: contractId,
    });
    expect(byBrowser(german.browser)).toMatchObject({
      title: "Kontrakt abgerechnet: gewonnen",
      body: `Auftrag ${order.order_no}, ausgezahlt 18,50`,
    });
    for (const message of got) {
      expect(message.serverKey).toBe(key);
      expect(message.claims).toMatchObject({ aud: pushService().origin, sub: "mailto:ops@tickfair.test" });
      expect(message.ttl).toBe(86_400);
    }
    expect(await outboxRows()).toBe(0);
  });

  it("drops a subscription the push service says is gone, and retries a refusal with backoff", async () => {
    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "100.00");
    await subscribe(user.auth, "en");

    pushService().answerNext(500);
    await winAContract(user.auth);
    expect(await deliver()).toEqual(["retry"]);
    expect(await deliver()).toEqual([]);
    t.clock.set(new Date(t.clock.now().getTime() + 29_000));
    expect(await deliver()).toEqual([]);
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    pushService().answerNext(429);
    expect(await deliver()).toEqual(["retry"]);
    // The second retry waits twice as long.
    t.clock.set(new Date(t.clock.now().getTime() + 59_000));
    expect(await deliver()).toEqual([]);
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    const before = pushService().received.length;
    expect(await deliver()).toEqual(["sent"]);
    expect(pushService().payloads<PushPayload>().slice(before)).toMatchObject([
      { title: "Contract settled: won" },
    ]);

    pushService().answerNext(410);
    await winAContract(user.auth);
    expect(await deliver()).toEqual(["gone"]);
    expect(await subscriptions(user.auth)).toEqual([]);
    expect(await outboxRows()).toBe(0);
  });

  it("gives up after eight refusals, and drops a subscription made for a key that is no longer the server's", async () => {
    const user = await registerAndLogin(t);
    await subscribe(user.auth, "en");
    await enqueuePush(t.db, [{ userId: user.userId, event: { kind: "chat_reply" } }], t.clock.now());
    const outcomes = [];
    for (let attempt = 1; attempt <= PUSH_MAX_ATTEMPTS; attempt++) {
      pushService().answerNext(503);
      outcomes.push(...(await deliver()));
      t.clock.set(new Date(t.clock.now().getTime() + 60 * 60_000));
    }
    expect(outcomes).toEqual([...Array(PUSH_MAX_ATTEMPTS - 1).fill("retry"), "dropped"]);
    expect(await outboxRows()).toBe(0);
    expect(await subscriptions(user.auth)).toHaveLength(1);

    // A key rotation: the push service would refuse the old subscription, so it is not sent to.
    await t.db
      .updateTable("push_subscriptions")
      .set({ server_key: "an-old-key" })
      .where("user_id", "=", user.userId)
      .execute();
    const before = pushService().received.length + pushService().refused.length;
    await enqueuePush(t.db, [{ userId: user.userId, event: { kind: "chat_reply" } }], t.clock.now());
    expect(await deliver()).toEqual(["gone"]);
    expect(pushService().received.length + pushService().refused.length).toBe(before);
    expect(await subscriptions(user.auth)).toEqual([]);
  });

  it("pushes to no session that ended: signing out ends its subscription, and so does ending it elsewhere", async () => {
    const user = await registerAndLogin(t);
    await demoTopUp(t.app, user.auth, "100.00");
    await subscribe(user.auth, "en");
    expect(await subscriptions(user.auth)).toMatchObject([{ current: true, locale: "en" }]);

    // The phone on which the user signs out.
    const phone = await signIn(t.app, user.registration);
    const phoneBrowser = await subscribe(phone.auth, "en");
    expect((await subscriptions(user.auth)).map((row) => row.current)).toEqual([false, true]);
    const out = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: phone.auth });
    expect(out.statusCode).toBe(200);
    expect((await subscriptions(user.auth)).map((row) => row.id)).not.toContain(phoneBrowser.id);

    // A session ended by other means (here its row, as a break or an operator ends it) is dropped at the next send.
    await t.db
      .updateTable("sessions")
      .set({ revoked_at: t.clock.now() })
      .where("user_id", "=", user.userId)
      .execute();
    const before = pushService().received.length;
    await enqueuePush(t.db, [{ userId: user.userId, event: { kind: "chat_reply" } }], t.clock.now());
    expect(await deliver()).toEqual(["gone"]);
    expect(pushService().received.length).toBe(before);
    expect(
      await t.db.selectFrom("push_subscriptions").selectAll().where("user_id", "=", user.userId).execute(),
    ).toEqual([]);
  });

  it("refuses an endpoint at no allowed push service, and keys of the wrong size", async () => {
    const user = await registerAndLogin(t);
    const browser = pushService().subscribe();
    const post = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/v1/me/push-subscriptions", headers: user.auth, payload });
    for (const endpoint of ["ftp://127.0.0.1/push/1", "https://169.254.169.254/latest/meta-data/"]) {
      const elsewhere = await post({ ...browser, endpoint, locale: "en" });
      expect(elsewhere.statusCode, endpoint).toBe(400);
      expect(elsewhere.json()).toMatchObject({ error: { code: "PUSH_ENDPOINT_INVALID" } });
    }
    const shortKey = await post({ ...browser, keys: { ...browser.keys, auth: "AAAA" }, locale: "en" });
    expect(shortKey.statusCode).toBe(400);
    const noLocale = await post({ ...browser, locale: "xx" });
    expect(noLocale.statusCode).toBe(400);
    const notMine = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/me/push-subscriptions/999999",
      headers: user.auth,
    });
    expect(notMine.statusCode).toBe(404);
  });
});
