/**
 * A simulated user's credentials: registering, signing in with the password they were last told is
 * theirs, changing it, and taking a break — each a request whose answer decides what the user believes.
 */
import {
  type ChangePasswordRequest,
  type LoginRequest,
  passwordStepUp,
  type RegisterRequest,
  type SessionResponse,
  type TakeBreakRequest,
} from "@tickfair/contract";
import { isSuccess, refusedAtOnce } from "./answer-log";
import type { Random } from "./random";
import { PAY_PASSWORD, type UserSession } from "./user-session";

export const SOAK_INVITE_CODE = "SOAKRUN";
const PASSWORD = "soak-pass-1";

/**
 * Who changes their password and who takes a break, by account number rather than by chance, so that
 * even the 20-user smoke has some of each: one user in five may change it (at most twice), one in
 * twenty takes the shortest time-out once BREAK_AFTER_MS after signing in first.
 */
const changesPassword = (index: number) => index % 5 === 2;
const takesBreak = (index: number) => index % 20 === 7;
const BREAK_AFTER_MS = 30_000;
const MAX_PASSWORD_CHANGES = 2;

export class UserCredentials {
  /** The sign-in password the user was last told is theirs. */
  #password = PASSWORD;
  /** A new password whose change got no answer: tried first at the next sign-in. */
  #maybePassword: string | null = null;
  #passwordChanges = 0;
  #firstSignInAt: number | null = null;
  #breakTaken = false;

  constructor(
    readonly index: number,
    readonly random: Random,
    readonly session: UserSession,
  ) {}

  async register(): Promise<boolean> {
    const entry = await this.session.send({
      action: "register",
      method: "POST",
      path: "/api/v1/auth/register",
      body: {
        account: this.session.account,
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

  /** The session's token, or null when no password the user may have is taken. */
  async signIn(): Promise<string | null> {
    const candidates = this.#maybePassword ? [this.#maybePassword, this.#password] : [this.#password];
    for (const password of candidates) {
      const entry = await this.session.send({
        action: "login",
        method: "POST",
        path: "/api/v1/auth/login",
        body: { account: this.session.account, password } satisfies LoginRequest,
      });
      if (!isSuccess(entry.status)) continue;
      this.#password = password;
      this.#maybePassword = null;
      this.#firstSignInAt ??= Date.now();
      this.session.token = (entry.answer as SessionResponse).token;
      return this.session.token;
    }
    return null;
  }

  /**
   * A new sign-in password, known only once answered 2xx. Without an answer (or with a refusal after
   * one) the change may have happened: the next sign-in tries the new one, then the old.
   */
  async changePassword(): Promise<unknown> {
    // After a change without an answer the user does not know their password until the next sign-in.
    if (!changesPassword(this.index) || this.#passwordChanges >= MAX_PASSWORD_CHANGES || this.#maybePassword)
      return this.session.get("read", "/api/v1/me");
    const next = `soak-${this.session.account}-${++this.#passwordChanges}`;
    const entry = await this.session.send({
      action: "password_change",
      method: "POST",
      path: "/api/v1/me/password",
      stepUp: await this.session.stepUp(passwordStepUp("login")),
      body: {
        type: "login",
        oldPassword: this.#password,
        newPassword: next,
        confirmPassword: next,
      } satisfies ChangePasswordRequest,
      keepSent: true,
    });
    if (isSuccess(entry.status)) this.#password = next;
    else if (!refusedAtOnce(entry)) this.#maybePassword = next;
    return null;
  }

  breakDue(): boolean {
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
  async takeBreak(): Promise<void> {
    this.#breakTaken = true;
    const passwords = this.random.chance(0.5) ? [`${this.#password}-typo`, this.#password] : [this.#password];
    for (const password of passwords) {
      const entry = await this.session.send({
        action: "break",
        method: "POST",
        path: "/api/v1/limits/break",
        body: { kind: "time_out", days: 1, password } satisfies TakeBreakRequest,
        keepSent: true,
      });
      if (isSuccess(entry.status)) this.session.token = null;
    }
  }
}
