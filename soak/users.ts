/**
 * The simulated users: each registers, signs in and then, until the run ends, does one thing after
 * another with a pause between — top up, trade any product and duration, move money in and out of
 * Yu'ebao, ask for deposits, bind a card and withdraw (and sometimes cancel), chat, read messages, set
 * limits, look at their pages; some attach a payment proof to a deposit, send their ID photos for
 * real-name verification, change their sign-in password or take a time-out. Every choice comes from the
 * user's own seeded generator.
 */
import {
  type BindWithdrawalAccountRequest,
  type ChangePasswordRequest,
  type ChatSendRequest,
  type ContractDirection,
  type CreateDepositRequest,
  type CreateWithdrawalRequest,
  type DemoTopUpRequest,
  type InboxPage,
  LIMIT_KINDS,
  type LimitKind,
  type LoginRequest,
  limitStepUp,
  type PlaceContractRequest,
  type Product,
  type ProductList,
  passwordStepUp,
  type RegisterRequest,
  type SavingsMoveRequest,
  type SessionResponse,
  type SetLimitRequest,
  type StepUpAction,
  type StepUpGrant,
  type StepUpRequest,
  type TakeBreakRequest,
  type UploadResponse,
  type VerificationPhotoUpload,
  type VerificationSubmitRequest,
  type Withdrawal,
  withdrawalAccountStepUp,
  withdrawalStepUp,
} from "@tickfair/contract";
import { errorCode, isSuccess, type LoggedRequest, refusedAtOnce } from "./answer-log";
import { type SoakClient, sleep, type Upload } from "./http-client";
import { notAnImage, soakImage } from "./images";
import type { Random } from "./random";
import { UserSocket } from "./sockets";

export const SOAK_INVITE_CODE = "SOAKRUN";
const PASSWORD = "soak-pass-1";
const PAY_PASSWORD = "135790";

/** What the users share: the proxy's client, the catalogue, the deposit methods, the end of the run. */
export interface UserWorld {
  client: SoakClient;
  products: readonly Product[];
  depositMethodIds: readonly string[];
  until: number;
  /** Pause between two actions of one user, in ms. */
  thinkMs: { min: number; max: number };
  /** The proxy's /api/ws, where each user's app keeps its socket. */
  socketUrl: string;
}

const ACTION_WEIGHTS = {
  contract: 30,
  read: 14,
  topup: 6,
  savings_in: 6,
  savings_out: 5,
  deposit: 5,
  bind_account: 3,
  withdraw: 5,
  withdraw_cancel: 3,
  chat: 5,
  messages_read: 4,
  limit: 3,
  verify: 3,
  password: 4,
} as const;
type UserAction = keyof typeof ACTION_WEIGHTS;
type MoneyAction =
  | "topup"
  | "contract"
  | "savings_in"
  | "savings_out"
  | "deposit"
  | "withdraw"
  | "withdraw_cancel";

const READ_PATHS = [
  "/api/v1/me",
  "/api/v1/trading/contracts/open",
  "/api/v1/trading/contracts/closed?limit=10",
  "/api/v1/savings",
  "/api/v1/cashier/withdrawals/quote",
  "/api/v1/limits",
  "/api/v1/cashier/fund-records?limit=10",
];

/** Limits set by the users: high enough that orders and deposits go on, varied so some loosen. */
const LIMIT_CHOICES: Partial<Record<LimitKind, readonly string[]>> = {
  deposit_30d: ["200000.00", "500000.00", "900000.00"],
  stake_30d: ["300000.00", "600000.00"],
  loss_30d: ["300000.00", "800000.00"],
  open_positions: ["400", "800"],
  reminder_minutes: ["30", "60", "120"],
};

const money = (whole: number) => `${whole}.00`;

/**
 * Who changes their password and who takes a break, by account number rather than by chance, so that
 * even the 20-user smoke has some of each: one user in five may change it (at most twice), one in
 * twenty takes the shortest time-out once BREAK_AFTER_MS after signing in first.
 */
const changesPassword = (index: number) => index % 5 === 2;
const takesBreak = (index: number) => index % 20 === 7;
const BREAK_AFTER_MS = 30_000;
const MAX_PASSWORD_CHANGES = 2;

export class SimulatedUser {
  readonly account: string;
  readonly socket: UserSocket;
  #token: string | null = null;
  #sequence = 0;
  #bound = false;
  readonly #pendingWithdrawals: string[] = [];
  /** The sign-in password the user was last told is theirs. */
  #password = PASSWORD;
  /** A new password whose change got no answer: tried first at the next sign-in. */
  #maybePassword: string | null = null;
  #passwordChanges = 0;
  #verificationSent = false;
  #firstSignInAt: number | null = null;
  #breakTaken = false;
  #uploads = 0;

  constructor(
    readonly index: number,
    readonly random: Random,
    readonly world: UserWorld,
  ) {
    this.account = `soak${String(index).padStart(4, "0")}`;
    this.socket = new UserSocket(world.socketUrl, this.account);
  }

  async run(startDelayMs: number): Promise<void> {
    await sleep(startDelayMs);
    if (!(await this.#register())) return;
    let fresh = true;
    while (Date.now() < this.world.until) {
      if (!this.#token && !(await this.#login())) {
        await sleep(1_000);
        continue;
      }
      // A new user's first move is money in, as the app's empty wallet asks them to.
      await this.#act(fresh ? "topup" : this.random.weighted(ACTION_WEIGHTS));
      fresh = false;
      await sleep(this.random.int(this.world.thinkMs.min, this.world.thinkMs.max));
    }
  }

  #key(): string {
    return `${this.account}-${++this.#sequence}`;
  }

  async #register(): Promise<boolean> {
    const entry = await this.world.client.send({
      actor: this.account,
      action: "register",
      method: "POST",
      path: "/api/v1/auth/register",
      body: {
        account: this.account,
        phoneCountry: "CN",
        nationality: "CN",
        phone: `139${String(this.index).padStart(8, "0")}`,
        inviteCode: SOAK_INVITE_CODE,
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        payPassword: PAY_PASSWORD,
        payPasswordConfirm: PAY_PASSWORD,
      } satisfies RegisterRequest,
    });
    // A retry after a dropped answer finds the account taken by the first attempt: registered.
    return isSuccess(entry.status) || JSON.stringify(entry.answer).includes("ACCOUNT_TAKEN");
  }

  async #login(): Promise<boolean> {
    const candidates = this.#maybePassword ? [this.#maybePassword, this.#password] : [this.#password];
    for (const password of candidates) {
      const entry = await this.world.client.send({
        actor: this.account,
        action: "login",
        method: "POST",
        path: "/api/v1/auth/login",
        body: { account: this.account, password } satisfies LoginRequest,
      });
      if (!isSuccess(entry.status)) continue;
      this.#password = password;
      this.#maybePassword = null;
      this.#firstSignInAt ??= Date.now();
      this.#token = (entry.answer as SessionResponse).token;
      this.socket.signedIn(this.#token);
      return true;
    }
    return false;
  }

  async #act(action: UserAction): Promise<unknown> {
    if (this.#breakDue()) return this.#takeBreak();
    switch (action) {
      case "contract":
        return this.#placeContract();
      case "read":
        return this.#get("read", this.random.pick(READ_PATHS));
      case "topup":
        return this.#money("topup", "/api/v1/cashier/demo-topup", {
          amount: money(this.random.int(200, 3_000)),
        } satisfies DemoTopUpRequest);
      case "savings_in":
        return this.#money("savings_in", "/api/v1/savings/move-in", {
          amount: money(this.random.int(1, 400)),
        } satisfies SavingsMoveRequest);
      case "savings_out":
        return this.#money("savings_out", "/api/v1/savings/move-out", {
          amount: money(this.random.int(1, 300)),
        } satisfies SavingsMoveRequest);
      case "deposit":
        return this.#deposit();
      case "bind_account":
        return this.#bindAccount();
      case "withdraw":
        return this.#withdraw();
      case "withdraw_cancel":
        return this.#cancelWithdrawal();
      case "chat":
        return this.#chat();
      case "messages_read":
        return this.#readMessages();
      case "limit":
        return this.#setLimit();
      case "verify":
        return this.#verify();
      case "password":
        return this.#changePassword();
    }
  }

  async #placeContract(): Promise<void> {
    const product = this.random.pick(this.world.products);
    const duration = this.random.pick(product.durations);
    const direction: ContractDirection = this.random.chance(0.5) ? "up" : "down";
    const stake = money(this.random.int(10, 120));
    // The order names the tick the user saw: read the product as the app's detail page does.
    const quote = await this.#get("read", `/api/v1/market/products/${encodeURIComponent(product.symbol)}`);
    const seq = (quote as Product | null)?.ticker?.seq;
    if (!seq) return;
    await this.#money("contract", "/api/v1/trading/contracts", {
      symbol: product.symbol,
      direction,
      stake,
      durationSeconds: duration.seconds,
      quoteSeq: seq,
    } satisfies PlaceContractRequest);
  }

  async #deposit(): Promise<void> {
    // One in twenty above the second-approval threshold (10,000), so both operators are needed.
    const amount = this.random.chance(0.05) ? this.random.int(10_001, 20_000) : this.random.int(10, 3_000);
    // Half attach a proof; now and then the first pick is a file that only looks like an image.
    let proofFileId: string | null = null;
    if (this.random.chance(0.5)) {
      if (this.random.chance(0.15))
        await this.#upload("upload", "/api/v1/files", notAnImage(this.#uploadTag()));
      const stored = await this.#upload(
        "upload",
        "/api/v1/files",
        await soakImage(this.random, this.#uploadTag()),
      );
      if (!stored) return;
      proofFileId = (stored as UploadResponse).fileId;
    }
    await this.#money("deposit", "/api/v1/cashier/deposits", {
      methodId: this.random.pick(this.world.depositMethodIds),
      amount: money(amount),
      reference: `soak ${this.account}`,
      proofFileId,
    } satisfies CreateDepositRequest);
  }

  /** Real-name verification, once: both sides of the ID, then the submission naming them. */
  async #verify(): Promise<void> {
    if (this.#verificationSent) return this.#deposit();
    const path = "/api/v1/verification/photos";
    const front = await this.#upload(
      "verification_photo",
      path,
      await soakImage(this.random, this.#uploadTag()),
    );
    const back =
      front &&
      (await this.#upload("verification_photo", path, await soakImage(this.random, this.#uploadTag())));
    if (!front || !back) return;
    this.#verificationSent = true;
    const entry = await this.world.client.send({
      actor: this.account,
      action: "verification",
      method: "POST",
      path: "/api/v1/verification",
      token: this.#token,
      body: {
        name: "Soak Tester",
        idNumber: `SOAK${String(this.index).padStart(8, "0")}`,
        nationality: "SG",
        frontPhotoId: (front as VerificationPhotoUpload).photoId,
        backPhotoId: (back as VerificationPhotoUpload).photoId,
      } satisfies VerificationSubmitRequest,
      keepSent: true,
    });
    this.#afterAnswer(entry.status);
  }

  #uploadTag(): string {
    return `${this.account}-${++this.#uploads}`;
  }

  /** One multipart upload; the answer's body when it was a 2xx. */
  async #upload(action: "upload" | "verification_photo", path: string, upload: Upload): Promise<unknown> {
    const entry = await this.world.client.send({
      actor: this.account,
      action,
      method: "POST",
      path,
      token: this.#token,
      upload,
      keepSent: true,
    });
    this.#afterAnswer(entry.status);
    return isSuccess(entry.status) ? entry.answer : null;
  }

  /**
   * A new sign-in password, known only once answered 2xx. Without an answer (or with a refusal after
   * one) the change may have happened: the next sign-in tries the new one, then the old.
   */
  async #changePassword(): Promise<unknown> {
    // After a change without an answer the user does not know their password until the next sign-in.
    if (!changesPassword(this.index) || this.#passwordChanges >= MAX_PASSWORD_CHANGES || this.#maybePassword)
      return this.#get("read", "/api/v1/me");
    const next = `soak-${this.account}-${++this.#passwordChanges}`;
    const entry = await this.world.client.send({
      actor: this.account,
      action: "password_change",
      method: "POST",
      path: "/api/v1/me/password",
      token: this.#token,
      stepUp: await this.#stepUp(passwordStepUp("login")),
      body: {
        type: "login",
        oldPassword: this.#password,
        newPassword: next,
        confirmPassword: next,
      } satisfies ChangePasswordRequest,
      keepSent: true,
    });
    this.#afterAnswer(entry.status);
    if (isSuccess(entry.status)) this.#password = next;
    else if (!refusedAtOnce(entry)) this.#maybePassword = next;
    return null;
  }

  #breakDue(): boolean {
    return (
      takesBreak(this.index) &&
      !this.#breakTaken &&
      this.#firstSignInAt !== null &&
      Date.now() - this.#firstSignInAt >= BREAK_AFTER_MS
    );
  }

  /**
   * The shortest time-out, once (half the takers first type a wrong password, which must change
   * nothing). It ends every session: the user signs in again and keeps going, and from then on the
   * server must refuse their orders, deposits, top-ups and moves into Yu'ebao.
   */
  async #takeBreak(): Promise<void> {
    this.#breakTaken = true;
    const passwords = this.random.chance(0.5) ? [`${this.#password}-typo`, this.#password] : [this.#password];
    for (const password of passwords) {
      const entry = await this.world.client.send({
        actor: this.account,
        action: "break",
        method: "POST",
        path: "/api/v1/limits/break",
        token: this.#token,
        body: { kind: "time_out", days: 1, password } satisfies TakeBreakRequest,
        keepSent: true,
      });
      this.#afterAnswer(entry.status);
      if (isSuccess(entry.status)) this.#token = null;
    }
  }

  async #bindAccount(): Promise<void> {
    if (this.#bound) return this.#withdraw();
    const account: BindWithdrawalAccountRequest = {
      type: "bank",
      accountName: "Soak Tester",
      nationality: "CN",
      bankName: "Soak Bank",
      cardNumber: `6222${String(this.index).padStart(12, "0")}`,
      bankAddress: "1 Soak Street",
    };
    const entry = await this.world.client.send({
      actor: this.account,
      action: "bind_account",
      method: "POST",
      path: "/api/v1/cashier/withdrawal-account",
      token: this.#token,
      stepUp: await this.#stepUp(withdrawalAccountStepUp(account)),
      body: account,
      keepSent: true,
    });
    this.#afterAnswer(entry.status);
    // Locked: bound by an earlier attempt whose answer was lost.
    this.#bound =
      isSuccess(entry.status) || JSON.stringify(entry.answer).includes("WITHDRAWAL_ACCOUNT_LOCKED");
  }

  async #withdraw(): Promise<void> {
    if (!this.#bound) return this.#bindAccount();
    const body: CreateWithdrawalRequest = { amount: money(this.random.int(10, 300)) };
    const stepUp = await this.#stepUp(withdrawalStepUp(body));
    const entry = await this.#sendMoney("withdraw", "/api/v1/cashier/withdrawals", body, stepUp);
    // An operator unbound the card: bind one again at the next chance.
    if (errorCode(entry.answer) === "WITHDRAWAL_ACCOUNT_REQUIRED") this.#bound = false;
    if (!isSuccess(entry.status)) return;
    const answer = entry.answer;
    this.#pendingWithdrawals.push((answer as Withdrawal).id);
    // Some change their mind at once, before the operator gets to it (a cancel racing the review).
    if (this.random.chance(0.3)) await this.#cancelWithdrawal();
  }

  async #cancelWithdrawal(): Promise<void> {
    const id = this.#pendingWithdrawals.pop();
    if (id === undefined) {
      await this.#get("read", "/api/v1/cashier/withdrawals?limit=10");
      return;
    }
    await this.#money("withdraw_cancel", `/api/v1/cashier/withdrawals/${id}/cancel`, undefined);
  }

  async #chat(): Promise<void> {
    const entry = await this.world.client.send({
      actor: this.account,
      action: "chat",
      method: "POST",
      path: "/api/v1/chat/messages",
      token: this.#token,
      body: {
        clientKey: `${this.account}-chat-${++this.#sequence}`,
        body: "Hello, a question from the soak.",
      } satisfies ChatSendRequest,
      keepSent: true,
    });
    this.#afterAnswer(entry.status);
  }

  async #readMessages(): Promise<void> {
    const page = (await this.#get("read", "/api/v1/messages?limit=10")) as InboxPage | null;
    const unread = page?.items.find((item) => !item.read);
    const path =
      unread && this.random.chance(0.7) ? `/api/v1/messages/${unread.id}/read` : "/api/v1/messages/read-all";
    const entry = await this.world.client.send({
      actor: this.account,
      action: "messages_read",
      method: "POST",
      path,
      token: this.#token,
    });
    this.#afterAnswer(entry.status);
  }

  async #setLimit(): Promise<void> {
    const kinds = LIMIT_KINDS.filter((kind) => LIMIT_CHOICES[kind] !== undefined);
    const kind = this.random.pick(kinds);
    const value = this.random.pick(LIMIT_CHOICES[kind] ?? []);
    const entry = await this.world.client.send({
      actor: this.account,
      action: "limit",
      method: "PUT",
      path: `/api/v1/limits/${kind}`,
      token: this.#token,
      // Asked whether it loosens or not, as a user may: a tightening leaves it unused.
      stepUp: await this.#stepUp(limitStepUp(kind, value)),
      body: { value } satisfies SetLimitRequest,
      keepSent: true,
    });
    this.#afterAnswer(entry.status);
  }

  /** A money request with its own Idempotency-Key; the answer's body when it was a 2xx. */
  async #money(
    action: MoneyAction,
    path: string,
    body: unknown,
    stepUp: string | null = null,
  ): Promise<unknown> {
    const entry = await this.#sendMoney(action, path, body, stepUp);
    return isSuccess(entry.status) ? entry.answer : null;
  }

  async #sendMoney(
    action: MoneyAction,
    path: string,
    body: unknown,
    stepUp: string | null,
  ): Promise<LoggedRequest> {
    const entry = await this.world.client.send({
      actor: this.account,
      action,
      method: "POST",
      path,
      token: this.#token,
      stepUp,
      body,
      idempotencyKey: this.#key(),
      keepSent: true,
    });
    this.#afterAnswer(entry.status);
    return entry;
  }

  /** A step-up for `action` proved with the transaction password: its token, or null when refused. */
  async #stepUp(action: StepUpAction): Promise<string | null> {
    const entry = await this.world.client.send({
      actor: this.account,
      action: "step_up",
      method: "POST",
      path: "/api/v1/me/step-up",
      token: this.#token,
      body: { action, proof: { method: "payPassword", payPassword: PAY_PASSWORD } } satisfies StepUpRequest,
    });
    this.#afterAnswer(entry.status);
    return isSuccess(entry.status) ? (entry.answer as StepUpGrant).token : null;
  }

  async #get(action: "read", path: string): Promise<unknown> {
    const entry = await this.world.client.send({
      actor: this.account,
      action,
      method: "GET",
      path,
      token: this.#token,
    });
    this.#afterAnswer(entry.status);
    return isSuccess(entry.status) ? entry.answer : null;
  }

  /** A 401 means the session ended (a break ends it; nothing else should): sign in again. */
  #afterAnswer(status: number): void {
    if (status === 401) this.#token = null;
  }
}

/** The catalogue, read once through the proxy before the users start (public: no session). */
export async function readProducts(client: SoakClient): Promise<Product[]> {
  const entry = await client.send({
    actor: "setup",
    action: "read",
    method: "GET",
    path: "/api/v1/market/products",
  });
  if (!isSuccess(entry.status)) throw new Error(`could not read the catalogue: ${entry.status}`);
  return (entry.answer as ProductList).items;
}
