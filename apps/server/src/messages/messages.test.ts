import type { BroadcastPage, InboxMessage, InboxPage } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { bankMethod, operatorAuth, postWithKey } from "../test/cashier-fixtures";
import { changePassword, registerAndLogin } from "../test/fixtures";
import { heardSoFar, openSignedInSocket, useListeningApp } from "../test/socket";
import { publishDueBroadcasts } from "./broadcasts";

const { t, socketUrl } = useListeningApp();

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function inbox(auth: Record<string, string>, language = "en", query = ""): Promise<InboxPage> {
  const answer = await t.app.inject({
    url: `/api/v1/messages${query}`,
    headers: { ...auth, "accept-language": language },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<InboxPage>();
}

async function unread(auth: Record<string, string>): Promise<number> {
  const answer = await t.app.inject({ url: "/api/v1/messages/unread", headers: auth });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ unread: number }>().unread;
}

const post = (headers: Record<string, string>, url: string, payload?: object) =>
  t.app.inject({ method: "POST", url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

function broadcastInput(title: string, publishAt: string | null = null) {
  return {
    translations: {
      "zh-CN": { title: `${title}（中文）`, body: "系统将于今晚维护。" },
      en: { title, body: "The system is maintained tonight." },
    },
    publishAt,
    reason: "Planned maintenance notice",
  };
}

async function sendBroadcast(
  headers: Record<string, string>,
  title: string,
  publishAt: string | null = null,
) {
  const created = await post(headers, "/operator/broadcasts", broadcastInput(title, publishAt));
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string; published: boolean }>();
}

const broadcastTitled = (page: InboxPage, title: string) =>
  page.items.find((item) => item.content.kind === "broadcast" && item.content.title.startsWith(title));

describe("personal notices", () => {
  it("tells the user of a confirmed deposit in their inbox and live; nobody else sees it or can read it", async () => {
    const user = await registerAndLogin(t);
    const stranger = await registerAndLogin(t);
    const finance = await operatorAuth(t, "finance");
    const method = await bankMethod(t);
    const socket = await openSignedInSocket(socketUrl(), user.token);
    const strangerSocket = await openSignedInSocket(socketUrl(), stranger.token);
    const before = await unread(user.auth);

    const body = { methodId: method.id, amount: "250.00", reference: "TX-NOTICE" };
    const created = await postWithKey(t.app, "/api/v1/cashier/deposits", user.auth, body);
    expect(created.statusCode, created.body).toBe(201);
    const deposit = created.json<{ id: string; orderNo: string }>();
    expect((await post(finance.headers, `/operator/deposits/${deposit.id}/confirm`)).statusCode).toBe(200);

    let heard = await socket.next();
    while (heard.type !== "inbox.changed") heard = await socket.next();
    expect(heard).toEqual({ type: "inbox.changed", scope: "personal" });
    expect(await unread(user.auth)).toBe(before + 1);
    const notice = (await inbox(user.auth)).items.find((item) => item.content.kind === "deposit_confirmed");
    expect(notice).toMatchObject({
      read: false,
      content: { kind: "deposit_confirmed", orderNo: deposit.orderNo, amount: "250.00" },
    });

    expect((await inbox(stranger.auth)).items.some((item) => item.id === notice?.id)).toBe(false);
    expect((await post(stranger.auth, `/messages/${notice?.id}/read`)).statusCode).toBe(404);
    expect(await unread(user.auth)).toBe(before + 1);
    expect((await heardSoFar(strangerSocket)).filter((m) => m.type === "inbox.changed")).toEqual([]);

    const read = await post(user.auth, `/messages/${notice?.id}/read`);
    expect(read.json()).toEqual({ unread: before });
    expect((await inbox(user.auth)).items.find((item) => item.id === notice?.id)?.read).toBe(true);
    socket.socket.close();
    strangerSocket.socket.close();
  });

  it("tells of a sign-in from a device never used before, once per device, and of a password change", async () => {
    const user = await registerAndLogin(t);
    const signInFrom = (userAgent: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/login",
        headers: { "user-agent": userAgent },
        payload: { account: user.registration.account, password: user.registration.password },
      });
    const signIns = async () =>
      (await inbox(user.auth)).items.filter((item) => item.content.kind === "new_sign_in");

    expect((await signInFrom(ANDROID_CHROME)).statusCode).toBe(200);
    expect((await signInFrom(ANDROID_CHROME)).statusCode).toBe(200);
    expect((await signInFrom(IPHONE_SAFARI)).statusCode).toBe(200);
    const notices = await signIns();
    expect(notices.map((item) => item.content)).toEqual([
      { kind: "new_sign_in", device: "Safari · iOS" },
      { kind: "new_sign_in", device: "Chrome · Android" },
    ]);

    const changed = await changePassword(t.app, user.auth, "pay", user.registration.payPassword, "135792");
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await inbox(user.auth)).items[0]?.content).toEqual({ kind: "pay_password_changed" });
  });
});

describe("broadcasts", () => {
  it("are stored once and read per user, in each reader's language, with their own read markers", async () => {
    const admin = await operatorAuth(t, "admin");
    const alice = await registerAndLogin(t);
    const bob = await registerAndLogin(t);
    await post(alice.auth, "/messages/read-all");
    await post(bob.auth, "/messages/read-all");
    const aliceSocket = await openSignedInSocket(socketUrl(), alice.token);
    const bobSocket = await openSignedInSocket(socketUrl(), bob.token);

    const sent = await sendBroadcast(admin.headers, "Maintenance tonight");
    expect(sent.published).toBe(true);
    for (const socket of [aliceSocket, bobSocket]) {
      let heard = await socket.next();
      while (heard.type !== "inbox.changed") heard = await socket.next();
      expect(heard).toEqual({ type: "inbox.changed", scope: "broadcast" });
    }

    const inChinese = broadcastTitled(await inbox(alice.auth, "zh-CN"), "Maintenance tonight");
    expect(inChinese?.content).toEqual({
      kind: "broadcast",
      locale: "zh-CN",
      title: "Maintenance tonight（中文）",
      body: "系统将于今晚维护。",
    });
    // No Japanese or German text: the English, which they more likely read than Chinese; no
    // Traditional Chinese: the Simplified.
    for (const reader of ["ja", "de"])
      expect(broadcastTitled(await inbox(bob.auth, reader), "Maintenance tonight")?.content).toEqual({
        kind: "broadcast",
        locale: "en",
        title: "Maintenance tonight",
        body: "The system is maintained tonight.",
      });
    expect(broadcastTitled(await inbox(bob.auth, "zh-TW"), "Maintenance tonight")?.content).toMatchObject({
      locale: "zh-CN",
    });
    expect(await unread(alice.auth)).toBe(1);
    expect(await unread(bob.auth)).toBe(1);

    // Alice reads it: Bob's stays unread (no shared flag on the one row).
    await post(alice.auth, `/messages/${inChinese?.id}/read`);
    expect(await unread(alice.auth)).toBe(0);
    expect(await unread(bob.auth)).toBe(1);
    expect(broadcastTitled(await inbox(bob.auth), "Maintenance tonight")?.read).toBe(false);

    // Bob marks all read; a broadcast sent after it is unread again.
    expect((await post(bob.auth, "/messages/read-all")).json()).toEqual({ unread: 0 });
    await sendBroadcast(admin.headers, "Second notice");
    expect(await unread(bob.auth)).toBe(1);
    expect(broadcastTitled(await inbox(bob.auth), "Maintenance tonight")?.read).toBe(true);
    expect(broadcastTitled(await inbox(bob.auth), "Second notice")?.read).toBe(false);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });

  it("go out at their time exactly once, however many publishers run; a scheduled one can be cancelled", async () => {
    const admin = await operatorAuth(t, "admin");
    const user = await registerAndLogin(t);
    await post(user.auth, "/messages/read-all");
    const inFiveMinutes = new Date(t.clock.now().getTime() + 300_000).toISOString();
    const later = await sendBroadcast(admin.headers, "Scheduled notice", inFiveMinutes);
    const cancelled = await sendBroadcast(admin.headers, "Cancelled notice", inFiveMinutes);
    expect(later.published).toBe(false);
    expect(
      (
        await post(admin.headers, `/operator/broadcasts/${cancelled.id}/cancel`, {
          reason: "Sent by mistake",
        })
      ).statusCode,
    ).toBe(200);

    expect(await publishDueBroadcasts(t.db, t.clock.now())).toEqual([]);
    expect(broadcastTitled(await inbox(user.auth), "Scheduled notice")).toBeUndefined();

    t.clock.advance(300_000);
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => publishDueBroadcasts(t.db, t.clock.now())),
    );
    expect(runs.flat()).toEqual([BigInt(later.id)]);
    const page = await inbox(user.auth);
    expect(
      page.items.filter(
        (item) => item.content.kind === "broadcast" && item.content.title === "Scheduled notice",
      ),
    ).toHaveLength(1);
    expect(broadcastTitled(page, "Cancelled notice")).toBeUndefined();
    expect(await unread(user.auth)).toBe(1);

    const tooLate = await post(admin.headers, `/operator/broadcasts/${later.id}/cancel`, {
      reason: "Too late now",
    });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ error: { code: "BROADCAST_ALREADY_SENT" } });

    const listed = await t.app.inject({ url: "/api/v1/operator/broadcasts", headers: admin.headers });
    const states = Object.fromEntries(
      listed.json<BroadcastPage>().items.map((item) => [item.translations.en?.title, item.state]),
    );
    expect(states["Scheduled notice"]).toBe("published");
    expect(states["Cancelled notice"]).toBe("cancelled");
  });

  it("are written by admins only, and refuse a broadcast without the default language's text", async () => {
    const support = await operatorAuth(t, "support");
    const admin = await operatorAuth(t, "admin");
    expect((await post(support.headers, "/operator/broadcasts", broadcastInput("Not mine"))).statusCode).toBe(
      403,
    );
    const before = (
      await t.app.inject({ url: "/api/v1/operator/broadcasts", headers: admin.headers })
    ).json<BroadcastPage>();
    const missingDefault = await post(admin.headers, "/operator/broadcasts", {
      translations: { en: { title: "Only English", body: "Body" } },
      reason: "A notice for everyone",
    });
    expect(missingDefault.statusCode).toBe(400);
    const after = (
      await t.app.inject({ url: "/api/v1/operator/broadcasts", headers: admin.headers })
    ).json<BroadcastPage>();
    expect(after.items.length).toBe(before.items.length);
  });
});

describe("the inbox", () => {
  it("holds the broadcasts sent since the user registered, not those before", async () => {
    const admin = await operatorAuth(t, "admin");
    const veteran = await registerAndLogin(t);
    await sendBroadcast(admin.headers, "Before the newcomer");
    t.clock.advance(1_000);
    const newcomer = await registerAndLogin(t);
    expect((await inbox(newcomer.auth)).items).toEqual([]);
    expect(await unread(newcomer.auth)).toBe(0);
    expect(broadcastTitled(await inbox(veteran.auth), "Before the newcomer")).toBeDefined();
    const older = broadcastTitled(await inbox(veteran.auth), "Before the newcomer");
    expect((await post(newcomer.auth, `/messages/${older?.id}/read`)).statusCode).toBe(404);
    await sendBroadcast(admin.headers, "After the newcomer");
    expect(broadcastTitled(await inbox(newcomer.auth), "After the newcomer")).toBeDefined();
  });

  it("pages newest first without repeating or skipping a message", async () => {
    const admin = await operatorAuth(t, "admin");
    const user = await registerAndLogin(t);
    for (let n = 0; n < 5; n++) await sendBroadcast(admin.headers, `Paged ${n}`);
    const seen: InboxMessage[] = [];
    let cursor: string | null = null;
    do {
      const page: InboxPage = await inbox(user.auth, "en", `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const ids = seen.map((item) => BigInt(item.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
    expect(
      seen.filter((item) => item.content.kind === "broadcast" && item.content.title.startsWith("Paged")),
    ).toHaveLength(5);
  });
});
