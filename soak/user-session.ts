/**
 * One simulated user's requests through the proxy's client: each under the user's account with their
 * session token, money requests with an Idempotency-Key of their own. A 401 means the session ended (a
 * break ends it; nothing else should): the token is dropped and the user signs in again.
 */
import type { StepUpAction, StepUpGrant, StepUpRequest } from "@tickfair/contract";
import { isSuccess, type LoggedRequest, type MoneyAction } from "./answer-log";
import type { SoakClient, SoakRequest, Upload } from "./http-client";

export const PAY_PASSWORD = "135790";

export class UserSession {
  token: string | null = null;
  #sequence = 0;
  #uploads = 0;

  constructor(
    readonly account: string,
    readonly client: SoakClient,
  ) {}

  /** The next number of this user's keys (Idempotency-Keys, chat messages' client keys). */
  next(): number {
    return ++this.#sequence;
  }

  key(): string {
    return `${this.account}-${this.next()}`;
  }

  uploadTag(): string {
    return `${this.account}-${++this.#uploads}`;
  }

  /** A money request with its own Idempotency-Key; the answer's body when it was a 2xx. */
  async money(
    action: MoneyAction,
    path: string,
    body: unknown,
    stepUp: string | null = null,
  ): Promise<unknown> {
    const entry = await this.sendMoney(action, path, body, stepUp);
    return isSuccess(entry.status) ? entry.answer : null;
  }

  async sendMoney(
    action: MoneyAction,
    path: string,
    body: unknown,
    stepUp: string | null,
  ): Promise<LoggedRequest> {
    return this.send({
      action,
      method: "POST",
      path,
      stepUp,
      body,
      idempotencyKey: this.key(),
      keepSent: true,
    });
  }

  /** A step-up for `action` proved with the transaction password: its token, or null when refused. */
  async stepUp(action: StepUpAction): Promise<string | null> {
    const entry = await this.send({
      action: "step_up",
      method: "POST",
      path: "/api/v1/me/step-up",
      body: { action, proof: { method: "payPassword", payPassword: PAY_PASSWORD } } satisfies StepUpRequest,
    });
    return isSuccess(entry.status) ? (entry.answer as StepUpGrant).token : null;
  }

  async get(action: "read", path: string): Promise<unknown> {
    const entry = await this.send({ action, method: "GET", path });
    return isSuccess(entry.status) ? entry.answer : null;
  }

  /** One multipart upload; the answer's body when it was a 2xx. */
  async upload(action: "upload" | "verification_photo", path: string, upload: Upload): Promise<unknown> {
    const entry = await this.send({
      action,
      method: "POST",
      path,
      upload,
      keepSent: true,
    });
    return isSuccess(entry.status) ? entry.answer : null;
  }

  /** A request as this user, with their session; a 401 drops the session. */
  async send(request: Omit<SoakRequest, "actor" | "token">): Promise<LoggedRequest> {
    const entry = await this.client.send({ ...request, actor: this.account, token: this.token });
    if (entry.status === 401) this.token = null;
    return entry;
  }
}
