import { SESSION_ENDED_CLOSE_CODE } from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { demoTopUp } from "../test/cashier-fixtures";
import { changePassword, registerAndLogin, signIn } from "../test/fixtures";
import { openSignedInSocket, openTestSocket, useListeningApp } from "../test/socket";

/** A socket's life as long as its session lives: these tests move the clock by days. */
const { t, socketUrl } = useListeningApp();
const DAY = 24 * 60 * 60_000;

const authenticated = (token: string) => openSignedInSocket(socketUrl(), token);
const topUp = (auth: Record<string, string>, amount: string) => demoTopUp(t.app, auth, amount);

describe("a socket ends with its session", () => {
  it("closes on logout, and the user's next movement of money reaches only their live session", async () => {
    const user = await registerAndLogin(t);
    const other = await signIn(t.app, user.registration);
    const old = await authenticated(user.token);
    const live = await authenticated(other.token);

    const logout = await t.app.inject({ method: "POST", url: "/api/v1/auth/logout", headers: user.auth });
    expect(logout.statusCode).toBe(200);
    // Money moves before the closing handshake has finished: the ended socket must not hear of it.
    await topUp(other.auth, "12.00");
    expect(await live.next()).toMatchObject({ type: "account.updated", summary: { available: "12.00" } });
    expect(await old.closed).toEqual({ code: SESSION_ENDED_CLOSE_CODE, reason: "session ended" });
    expect(old.unread()).toEqual([]);

    // The dead token cannot open another one.
    const again = await openTestSocket(socketUrl());
    again.socket.send(JSON.stringify({ type: "auth", token: user.token }));
    expect(await again.next()).toEqual({ type: "error", code: "UNAUTHENTICATED" });
    expect((await again.closed).code).toBe(4401);
    live.socket.close();
  });

  it("closes the user's other sessions' sockets on a password change, not the current one's", async () => {
    const user = await registerAndLogin(t);
    const other = await signIn(t.app, user.registration);
    const current = await authenticated(user.token);
    const elsewhere = await authenticated(other.token);
    const sameSessionTwice = await authenticated(other.token);

    const changed = await changePassword(
      t.app,
      user.auth,
      "login",
      user.registration.password,
      "another-pass2",
    );
    expect(changed.statusCode).toBe(200);
    expect((await elsewhere.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect((await sameSessionTwice.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    // The change is told in the inbox, on the sockets still open.
    expect(await current.next()).toEqual({ type: "inbox.changed", scope: "personal" });

    await topUp(user.auth, "5.00");
    expect(await current.next()).toMatchObject({ type: "account.updated", summary: { available: "5.00" } });
    expect(elsewhere.unread()).toEqual([]);
    await current.nothingElse();

    // A new transaction password ends no session.
    const third = await signIn(t.app, { ...user.registration, password: "another-pass2" });
    const thirdSocket = await authenticated(third.token);
    const payChanged = await changePassword(t.app, user.auth, "pay", user.registration.payPassword, "135790");
    expect(payChanged.statusCode).toBe(200);
    expect(await thirdSocket.next()).toEqual({ type: "inbox.changed", scope: "personal" });
    await thirdSocket.nothingElse();
    current.socket.close();
    thirdSocket.socket.close();
  });

  it("closes a socket whose session expired before the next private event, and gives it nothing", async () => {
    const user = await registerAndLogin(t);
    const idle = await authenticated(user.token);
    t.clock.advance(t.config.SESSION_IDLE_DAYS * DAY + 60_000);

    const fresh = await signIn(t.app, user.registration);
    const live = await authenticated(fresh.token);
    await topUp(fresh.auth, "7.00");
    expect(await live.next()).toMatchObject({ type: "account.updated", summary: { available: "7.00" } });
    expect((await idle.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(idle.unread()).toEqual([]);
    live.socket.close();
  });

  it("keeps a socket whose session slid forward through requests past the expiry it started with", async () => {
    const user = await registerAndLogin(t);
    const socket = await authenticated(user.token);
    t.clock.advance(t.config.SESSION_IDLE_DAYS * DAY - DAY);
    // Any request with the token slides the session's expiry forward.
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: user.auth })).statusCode).toBe(
      200,
    );
    t.clock.advance(2 * DAY);
    await topUp(user.auth, "3.00");
    expect(await socket.next()).toMatchObject({ type: "account.updated", summary: { available: "3.00" } });
    await t.app.tickfair.realtime.checkSessions();
    await socket.nothingElse();
    socket.socket.close();
  });

  it("closes sockets of expired sessions on the periodic re-check, without any event", async () => {
    const user = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const expiring = await authenticated(user.token);
    t.clock.advance(DAY);
    // The other user's session is a day younger (it slides once used after a minute).
    expect((await t.app.inject({ method: "GET", url: "/api/v1/me", headers: other.auth })).statusCode).toBe(
      200,
    );
    const staying = await authenticated(other.token);
    t.clock.advance(t.config.SESSION_IDLE_DAYS * DAY - DAY + 60_000);

    await t.app.tickfair.realtime.checkSessions();
    expect((await expiring.closed).code).toBe(SESSION_ENDED_CLOSE_CODE);
    await staying.nothingElse();
    staying.socket.close();
  });
});
