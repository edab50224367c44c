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
  type ChatSendRequest,
  type ContractDirection,
  type CreateDepositRequest,
  type CreateWithdrawalRequest,
  type DemoTopUpRequest,
  type InboxPage,
  LIMIT_KINDS,
  type LimitKind,
  limitStepUp,
  type PlaceContractRequest,
  type Product,
  type ProductList,
  type SavingsMoveRequest,
  type SetLimitRequest,
  type UploadResponse,
  type VerificationPhotoUpload,
  type VerificationSubmitRequest,
  type Withdrawal,
  withdrawalAccountStepUp,
  withdrawalStepUp,
} from "@tickfair/contract";
import { errorCode, isSuccess } from "./answer-log";
import { type SoakClient, sleep } from "./http-client";
import { notAnImage, soakImage } from "./images";
import type { Random } from "./random";
import { UserSocket } from "./sockets";
import { UserCredentials } from "./user-credentials";
import { UserSession } from "./user-session";

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

export class SimulatedUser {
  readonly account: string;
  readonly socket: UserSocket;
  readonly #session: UserSession;
  readonly #credentials: UserCredentials;
  #verificationSent = false;
  #bound = false;
  readonly #pendingWithdrawals: string[] = [];

  constructor(
    readonly index: number,
    readonly random: Random,
    readonly world: UserWorld,
  ) {
    this.account = `soak${String(index).padStart(4, "0")}`;
    this.socket = new UserSocket(world.socketUrl, this.account);
    this.#session = new UserSession(this.account, world.client);
    this.#credentials = new UserCredentials(index, random, this.#session);
  }

  async run(startDelayMs: number): Promise<void> {
    await sleep(startDelayMs);
    if (!(await this.#credentials.register())) return;
    let fresh = true;
    while (Date.now() < this.world.until) {
      if (!this.#session.token && !(await this.#signIn())) {
        await sleep(1_000);
        continue;
      }
      // A new user's first move is money in, as the app's empty wallet asks them to.
      await this.#act(fresh ? "topup" : this.random.weighted(ACTION_WEIGHTS));
      fresh = false;
      await sleep(this.random.int(this.world.thinkMs.min, this.world.thinkMs.max));
    }
  }

  async #signIn(): Promise<boolean> {
    const token = await this.#credentials.signIn();
    if (token) this.socket.signedIn(token);
    return token !== null;
  }

  async #act(action: UserAction): Promise<unknown> {
    if (this.#credentials.breakDue()) return this.#credentials.takeBreak();
    switch (action) {
      case "contract":
        return this.#placeContract();
      case "read":
        return this.#session.get("read", this.random.pick(READ_PATHS));
      case "topup":
        return this.#session.money("topup", "/api/v1/cashier/demo-topup", {
          amount: money(this.random.int(200, 3_000)),
        } satisfies DemoTopUpRequest);
      case "savings_in":
        return this.#session.money("savings_in", "/api/v1/savings/move-in", {
          amount: money(this.random.int(1, 400)),
        } satisfies SavingsMoveRequest);
      case "savings_out":
        return this.#session.money("savings_out", "/api/v1/savings/move-out", {
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
        return this.#credentials.changePassword();
    }
  }

  async #placeContract(): Promise<void> {
    const product = this.random.pick(this.world.products);
    const duration = this.random.pick(product.durations);
    const direction: ContractDirection = this.random.chance(0.5) ? "up" : "down";
    const stake = money(this.random.int(10, 120));
    // The order names the tick the user saw: read the product as the app's detail page does.
    const quote = await this.#session.get(
      "read",
      `/api/v1/market/products/${encodeURIComponent(product.symbol)}`,
    );
    const seq = (quote as Product | null)?.ticker?.seq;
    if (!seq) return;
    await this.#session.money("contract", "/api/v1/trading/contracts", {
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
        await this.#session.upload("upload", "/api/v1/files", notAnImage(this.#session.uploadTag()));
      const stored = await this.#session.upload(
        "upload",
        "/api/v1/files",
        await soakImage(this.random, this.#session.uploadTag()),
      );
      if (!stored) return;
      proofFileId = (stored as UploadResponse).fileId;
    }
    await this.#session.money("deposit", "/api/v1/cashier/deposits", {
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
    const front = await this.#session.upload(
      "verification_photo",
      path,
      await soakImage(this.random, this.#session.uploadTag()),
    );
    const back =
      front &&
      (await this.#session.upload(
        "verification_photo",
        path,
        await soakImage(this.random, this.#session.uploadTag()),
      ));
    if (!front || !back) return;
    this.#verificationSent = true;
    await this.#session.send({
      action: "verification",
      method: "POST",
      path: "/api/v1/verification",
      body: {
        name: "Soak Tester",
        idNumber: `SOAK${String(this.index).padStart(8, "0")}`,
        nationality: "SG",
        frontPhotoId: (front as VerificationPhotoUpload).photoId,
        backPhotoId: (back as VerificationPhotoUpload).photoId,
      } satisfies VerificationSubmitRequest,
      keepSent: true,
    });
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
    const entry = await this.#session.send({
      action: "bind_account",
      method: "POST",
      path: "/api/v1/cashier/withdrawal-account",
      stepUp: await this.#session.stepUp(withdrawalAccountStepUp(account)),
      body: account,
      keepSent: true,
    });
    // Locked: bound by an earlier attempt whose answer was lost.
    this.#bound =
      isSuccess(entry.status) || JSON.stringify(entry.answer).includes("WITHDRAWAL_ACCOUNT_LOCKED");
  }

  async #withdraw(): Promise<void> {
    if (!this.#bound) return this.#bindAccount();
    const body: CreateWithdrawalRequest = { amount: money(this.random.int(10, 300)) };
    const stepUp = await this.#session.stepUp(withdrawalStepUp(body));
    const entry = await this.#session.sendMoney("withdraw", "/api/v1/cashier/withdrawals", body, stepUp);
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
      await this.#session.get("read", "/api/v1/cashier/withdrawals?limit=10");
      return;
    }
    await this.#session.money("withdraw_cancel", `/api/v1/cashier/withdrawals/${id}/cancel`, undefined);
  }

  async #chat(): Promise<void> {
    await this.#session.send({
      action: "chat",
      method: "POST",
      path: "/api/v1/chat/messages",
      body: {
        clientKey: `${this.account}-chat-${this.#session.next()}`,
        body: "Hello, a question from the soak.",
      } satisfies ChatSendRequest,
      keepSent: true,
    });
  }

  async #readMessages(): Promise<void> {
    const page = (await this.#session.get("read", "/api/v1/messages?limit=10")) as InboxPage | null;
    const unread = page?.items.find((item) => !item.read);
    const path =
      unread && this.random.chance(0.7) ? `/api/v1/messages/${unread.id}/read` : "/api/v1/messages/read-all";
    await this.#session.send({
      action: "messages_read",
      method: "POST",
      path,
    });
  }

  async #setLimit(): Promise<void> {
    const kinds = LIMIT_KINDS.filter((kind) => LIMIT_CHOICES[kind] !== undefined);
    const kind = this.random.pick(kinds);
    const value = this.random.pick(LIMIT_CHOICES[kind] ?? []);
    await this.#session.send({
      action: "limit",
      method: "PUT",
      path: `/api/v1/limits/${kind}`,
      // Asked whether it loosens or not, as a user may: a tightening leaves it unused.
      stepUp: await this.#session.stepUp(limitStepUp(kind, value)),
      body: { value } satisfies SetLimitRequest,
      keepSent: true,
    });
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
