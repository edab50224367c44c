import {
  limitStepUp,
  passwordStepUp,
  STEP_UP_TTL_SECONDS,
  type StepUpAction,
  type UserLimits,
  withdrawalAccountStepUp,
  withdrawalStepUp,
} from "@tickfair/contract";
import { describe, expect, it } from "vitest";
import { userBalances } from "./ledger/service";
import { BANK_CARD, bindBankCard, demoTopUp, key, postWithKey } from "./test/cashier-fixtures";
import { putLimit, registerAndLogin, sendLimit, signIn, stepUpFor } from "./test/fixtures";
import { useTestApp } from "./test/harness";

/** Every route that needs a step-up (decision 0067): what a stolen session token alone cannot do. */
const t = useTestApp({ FEED_ENABLED: false });

type Auth = Record<string, string>;
type User = Awaited<ReturnType<typeof registerAndLogin>>;
type Answer = Awaited<ReturnType<typeof t.app.inject>>;

interface SensitiveRoute {
  name: string;
  /** A user ready for the action: funded, bound, with a limit to loosen. */
  prepare(user: User): Promise<void>;
  /** The action's request; each call one that would succeed with its step-up. */
  send(user: User, headers: Auth): Promise<Answer>;
  action: StepUpAction;
  /** Another action of the same kind: another amount, card, limit or password. */
  another: StepUpAction;
}

const OTHER_CARD = { ...BANK_CARD, cardNumber: "6222 9999 8888 7777" };
const funded = async (user: User) => {
  await demoTopUp(t.app, user.auth, "1000.00");
  await bindBankCard(t.app, user.auth);
};
const withStakeLimit = async (user: User) => {
  // Setting a limit where there was none tightens: no step-up.
  const set = await sendLimit(t.app, user.auth, "stake_day", "100.00");
  expect(set.statusCode, set.body).toBe(200);
};
/** The passwords each user has now, for a change that would pass every other check. */
const passwords = new Map<string, { login: string; pay: string; changes: number }>();
const current = (user: User) => {
  const known = passwords.get(user.registration.account) ?? {
    login: user.registration.password,
    pay: user.registration.payPassword,
    changes: 0,
  };
  passwords.set(user.registration.account, known);
  return known;
};
const changePassword = async (user: User, headers: Auth, type: "login" | "pay") => {
  const known = current(user);
  const oldPassword = known[type];
  const newPassword = type === "login" ? `new-pass-${known.changes + 1}` : `13579${known.changes}`;
  const answer = await t.app.inject({
    method: "POST",
    url: "/api/v1/me/password",
    headers: { ...user.auth, ...headers },
    payload: { type, oldPassword, newPassword, confirmPassword: newPassword },
  });
  if (answer.statusCode === 200) {
    known[type] = newPassword;
    known.changes += 1;
  }
  return answer;
};

const ROUTES: SensitiveRoute[] = [
  {
    name: "a withdrawal",
    prepare: funded,
    send: (user, headers) =>
      postWithKey(t.app, "/api/v1/cashier/withdrawals", { ...user.auth, ...headers }, { amount: "10.00" }),
    action: withdrawalStepUp({ amount: "10.00" }),
    another: withdrawalStepUp({ amount: "1000.00" }),
  },
  {
    name: "binding a withdrawal account",
    prepare: async () => {},
    send: (user, headers) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/cashier/withdrawal-account",
        headers: { ...user.auth, ...headers },
        payload: BANK_CARD,
      }),
    action: withdrawalAccountStepUp(BANK_CARD),
    another: withdrawalAccountStepUp(OTHER_CARD),
  },
  {
    name: "loosening a limit",
    prepare: withStakeLimit,
    send: (user, headers) => sendLimit(t.app, user.auth, "stake_day", "500.00", headers),
    action: limitStepUp("stake_day", "500.00"),
    another: limitStepUp("stake_day", "5000.00"),
  },
  {
    name: "removing a limit",
    prepare: withStakeLimit,
    send: (user, headers) => sendLimit(t.app, user.auth, "stake_day", null, headers),
    action: limitStepUp("stake_day", null),
    another: limitStepUp("loss_day", null),
  },
  {
    name: "changing the login password",
    prepare: async () => {},
    send: (user, headers) => changePassword(user, headers, "login"),
    action: passwordStepUp("login"),
    another: passwordStepUp("pay"),
  },
  {
    name: "changing the transaction password",
    prepare: async () => {},
    send: (user, headers) => changePassword(user, headers, "pay"),
    action: passwordStepUp("pay"),
    another: passwordStepUp("login"),
  },
];

const refusedCode = (answer: Answer) => [answer.statusCode, answer.json().error?.code];
const REFUSED = [403, "STEP_UP_REQUIRED"];

describe.each(ROUTES)("$name", (route) => {
  it("is refused without a step-up granted to this session for this very action, used once", async () => {
    const user = await registerAndLogin(t);
    await route.prepare(user);
    const stepUp = (auth: Auth, action: StepUpAction) => stepUpFor(t.app, auth, action, current(user).pay);

    expect(refusedCode(await route.send(user, {}))).toEqual(REFUSED);
    expect(refusedCode(await route.send(user, { "step-up": "not-a-grant" }))).toEqual(REFUSED);
    expect(refusedCode(await route.send(user, await stepUp(user.auth, route.another)))).toEqual(REFUSED);
    // The same user's other session: its grant is its own.
    const otherSession = await signIn(t.app, { ...user.registration, password: current(user).login });
    expect(refusedCode(await route.send(user, await stepUp(otherSession.auth, route.action)))).toEqual(
      REFUSED,
    );
    // Another user's grant for the same action.
    const stranger = await registerAndLogin(t);
    const theirs = await stepUpFor(t.app, stranger.auth, route.action, stranger.registration.payPassword);
    expect(refusedCode(await route.send(user, theirs))).toEqual(REFUSED);
    // Granted, then left past its time.
    const late = await stepUp(user.auth, route.action);
    t.clock.advance(STEP_UP_TTL_SECONDS * 1000 + 1);
    expect(refusedCode(await route.send(user, late))).toEqual(REFUSED);

    const granted = await stepUp(user.auth, route.action);
    const done = await route.send(user, granted);
    expect(done.statusCode, done.body).toBeLessThan(300);
    expect(refusedCode(await route.send(user, granted))).toEqual(REFUSED);
  });
});

async function fundedUser(cash: string) {
  const user = await registerAndLogin(t);
  await demoTopUp(t.app, user.auth, cash);
  await bindBankCard(t.app, user.auth);
  return user;
}
const withdraw = (auth: Auth, stepUp: Auth, amount: string, idempotencyKey = key()) =>
  postWithKey(t.app, "/api/v1/cashier/withdrawals", { ...auth, ...stepUp }, { amount }, idempotencyKey);

describe("a withdrawal's step-up", () => {
  it("stays usable after the withdrawal it was for is refused, so the user can send it again", async () => {
    const user = await fundedUser("50.00");
    const granted = await stepUpFor(t.app, user.auth, withdrawalStepUp({ amount: "80.00" }));
    const short = await withdraw(user.auth, granted, "80.00");
    expect(refusedCode(short)).toEqual([400, "INSUFFICIENT_BALANCE"]);
    await demoTopUp(t.app, user.auth, "50.00");
    const sent = await withdraw(user.auth, granted, "80.00");
    expect(sent.statusCode, sent.body).toBe(201);
  });

  it("withdraws once when two requests race with one grant, and the ledger holds", async () => {
    const user = await fundedUser("100.00");
    const granted = await stepUpFor(t.app, user.auth, withdrawalStepUp({ amount: "30.00" }));
    const answers = await Promise.all([
      withdraw(user.auth, granted, "30.00"),
      withdraw(user.auth, granted, "30.00"),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403]);
    const balances = await userBalances(t.db, user.userId);
    expect([balances.cash, balances.frozen_withdrawal]).toEqual([7_000n, 3_000n]);
  });

  it("is not asked again when a retry with the same Idempotency-Key replays the first answer", async () => {
    const user = await fundedUser("100.00");
    const granted = await stepUpFor(t.app, user.auth, withdrawalStepUp({ amount: "30.00" }));
    const idempotencyKey = key();
    const first = await withdraw(user.auth, granted, "30.00", idempotencyKey);
    expect(first.statusCode, first.body).toBe(201);
    // The answer was lost: the app sends the same request again, its grant now used (or none).
    for (const stepUp of [granted, {}]) {
      const retry = await withdraw(user.auth, stepUp, "30.00", idempotencyKey);
      expect([retry.statusCode, retry.headers["idempotent-replayed"]]).toEqual([201, "true"]);
      expect(retry.json().id).toBe(first.json().id);
    }
    expect((await userBalances(t.db, user.userId)).frozen_withdrawal).toBe(3_000n);
  });
});

describe("a limit's step-up", () => {
  it("is not needed to tighten a limit or to cancel a loosening that waits", async () => {
    const user = await registerAndLogin(t);
    const put = (kind: string, value: string | null) => sendLimit(t.app, user.auth, kind, value);
    const inForce = (answer: Answer, kind: string) =>
      answer.json<UserLimits>().limits.find((limit) => limit.kind === kind);

    expect(inForce(await put("loss_day", "200.00"), "loss_day")).toMatchObject({ value: "200.00" });
    expect(inForce(await put("loss_day", "150.00"), "loss_day")).toMatchObject({ value: "150.00" });
    expect(inForce(await put("open_positions", "5"), "open_positions")).toMatchObject({ value: "5" });
    expect(inForce(await put("open_positions", "3"), "open_positions")).toMatchObject({ value: "3" });

    expect(refusedCode(await put("loss_day", "300.00"))).toEqual(REFUSED);
    const loosened = await putLimit(t.app, user.auth, "loss_day", "300.00");
    expect(inForce(loosened, "loss_day")).toMatchObject({ value: "150.00", pending: { value: "300.00" } });
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: "/api/v1/limits/loss_day/pending",
      headers: user.auth,
    });
    expect(inForce(cancelled, "loss_day")).toMatchObject({ value: "150.00", pending: null });
  });
});
