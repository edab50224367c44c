/**
 * The operators' loop: the demo finance operator signs in (password, then the TOTP code of the demo
 * secret) and, every couple of seconds, works the queues — confirms most deposits and rejects some,
 * approves most withdrawals and rejects some. A deposit above the second-approval threshold waits for a
 * second operator: the demo admin confirms it. The demo support operator answers most conversations
 * waiting for an answer, so users' sockets are owed support's messages too. Now and then the admin
 * unbinds the withdrawal account of a user whose withdrawal waits (found as the console finds them,
 * through the queue), as after a report of a stolen card. Decisions come from the loop's seeded
 * generator.
 */
import type {
  ConversationPage,
  OperatorChatSendRequest,
  OperatorDeposit,
  OperatorLoginChallenge,
  OperatorLoginRequest,
  OperatorSecondFactorRequest,
  OperatorSessionResponse,
  OperatorWithdrawal,
  RejectRequest,
  UnbindWithdrawalAccountRequest,
} from "@tickfair/contract";
import { generateSync } from "otplib";
import { DEMO } from "../apps/server/src/demo/seed";
import { type Action, isSuccess } from "./answer-log";
import { type SoakClient, sleep } from "./http-client";
import type { Random } from "./random";

const QUEUE_EVERY_MS = 2_000;
const PAGE = 50;
/** Per pass over the queues, the chance of one unbinding. */
const UNBIND_CHANCE = 0.25;

interface Operator {
  username: string;
  token: string | null;
}

export class OperatorLoop {
  readonly #finance: Operator = { username: "finance", token: null };
  readonly #admin: Operator = { username: "admin", token: null };
  readonly #support: Operator = { username: "support", token: null };

  constructor(
    readonly client: SoakClient,
    readonly random: Random,
  ) {}

  async run(until: number): Promise<void> {
    while (Date.now() < until) {
      await this.#work(until);
      await sleep(QUEUE_EVERY_MS);
    }
  }

  /** One more pass once the users have stopped, so what they asked for last is decided too. */
  async finalPass(): Promise<void> {
    await this.#work(Number.POSITIVE_INFINITY);
  }

  async #work(until: number): Promise<void> {
    await this.#answerChats(until);
    if (!(await this.#signedIn(this.#finance))) return;
    const deposits = await this.#get(
      this.#finance,
      `/api/v1/operator/deposits?status=under_review&limit=${PAGE}`,
    );
    for (const deposit of (deposits as { items: OperatorDeposit[] } | null)?.items ?? []) {
      if (Date.now() >= until) return;
      const mine = deposit.approvals.length > 0 ? this.#admin : this.#finance;
      if (this.random.chance(0.8)) {
        // A first confirmation above the threshold answers 202: a second operator finishes it.
        const first = await this.#decide(
          mine,
          "deposit_confirm",
          `/api/v1/operator/deposits/${deposit.id}/confirm`,
        );
        if (first === 202)
          await this.#decide(
            this.#admin,
            "deposit_confirm",
            `/api/v1/operator/deposits/${deposit.id}/confirm`,
          );
      } else {
        await this.#decide(mine, "deposit_reject", `/api/v1/operator/deposits/${deposit.id}/reject`, {
          reason: "soak: reference not found",
        } satisfies RejectRequest);
      }
    }
    const withdrawals = await this.#get(
      this.#finance,
      `/api/v1/operator/withdrawals?status=under_review&limit=${PAGE}`,
    );
    const waiting = (withdrawals as { items: OperatorWithdrawal[] } | null)?.items ?? [];
    if (waiting.length > 0 && this.random.chance(UNBIND_CHANCE)) {
      const { user } = this.random.pick(waiting);
      await this.#decide(
        this.#admin,
        "unbind_account",
        `/api/v1/operator/users/${user.id}/withdrawal-account`,
        { reason: "soak: card reported stolen" } satisfies UnbindWithdrawalAccountRequest,
        "DELETE",
      );
    }
    for (const withdrawal of waiting) {
      if (Date.now() >= until) return;
      const path = `/api/v1/operator/withdrawals/${withdrawal.id}`;
      if (this.random.chance(0.7)) await this.#decide(this.#finance, "withdrawal_approve", `${path}/approve`);
      else
        await this.#decide(this.#finance, "withdrawal_reject", `${path}/reject`, {
          reason: "soak: card blocked",
        } satisfies RejectRequest);
    }
  }

  async #answerChats(until: number): Promise<void> {
    if (!(await this.#signedIn(this.#support))) return;
    const page = await this.#get(this.#support, `/api/v1/operator/chats?view=all&state=open&limit=${PAGE}`);
    for (const conversation of (page as ConversationPage | null)?.items ?? []) {
      if (Date.now() >= until) return;
      if (conversation.waitingSince === null || !this.random.chance(0.7)) continue;
      // Keyed by what it answers: a resend after a lost answer stores nothing twice.
      const body: OperatorChatSendRequest = {
        clientKey: `support-${conversation.id}-${conversation.lastSeq}`,
        body: "Thanks for writing, the soak's support here.",
        note: false,
      };
      await this.#decide(
        this.#support,
        "chat_reply",
        `/api/v1/operator/chats/${conversation.id}/messages`,
        body,
      );
    }
  }

  async #signedIn(operator: Operator): Promise<boolean> {
    if (operator.token) return true;
    const demo = DEMO.operators.find((candidate) => candidate.username === operator.username);
    if (!demo) throw new Error(`no demo operator ${operator.username}`);
    const login = await this.client.send({
      actor: operator.username,
      action: "operator_login",
      method: "POST",
      path: "/api/v1/operator/auth/login",
      body: { username: demo.username, password: demo.password } satisfies OperatorLoginRequest,
    });
    if (!isSuccess(login.status)) return false;
    const { challenge } = login.answer as OperatorLoginChallenge;
    const code = generateSync({ secret: demo.totpSecret, epoch: Math.floor(Date.now() / 1000) });
    const session = await this.client.send({
      actor: operator.username,
      action: "operator_login",
      method: "POST",
      path: "/api/v1/operator/auth/second-factor",
      body: { challenge, code } satisfies OperatorSecondFactorRequest,
    });
    if (!isSuccess(session.status)) return false;
    operator.token = (session.answer as OperatorSessionResponse).token;
    return true;
  }

  async #get(operator: Operator, path: string): Promise<unknown> {
    const entry = await this.client.send({
      actor: operator.username,
      action: "read",
      method: "GET",
      path,
      token: operator.token,
    });
    if (entry.status === 401) operator.token = null;
    return isSuccess(entry.status) ? entry.answer : null;
  }

  async #decide(
    operator: Operator,
    action: Action,
    path: string,
    body?: unknown,
    method: "POST" | "DELETE" = "POST",
  ): Promise<number> {
    if (!(await this.#signedIn(operator))) return 0;
    const entry = await this.client.send({
      actor: operator.username,
      action,
      method,
      path,
      token: operator.token,
      body,
    });
    if (entry.status === 401) operator.token = null;
    return entry.status;
  }
}
