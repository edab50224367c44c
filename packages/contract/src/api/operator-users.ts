import { z } from "zod";
import { POSTING_KINDS, USER_ACCOUNT_KINDS } from "../ledger-constants";
import { moneyString } from "../money-schema";
import { accountSummary } from "./auth";
import { withdrawalAccount } from "./cashier";
import { filteredPageQuery, isoTime, operatorReason, pageOf } from "./common";
import { listFilters, listPageOf, listQuery } from "./list-query";
import { sessionSummary } from "./sessions";
import { verificationState } from "./verification";

/**
 * The console's users (ARCHITECTURE §5, operator console): search, a user's context, their statement,
 * contracts, deposits, withdrawals and sessions, and the sign-in lock. Nothing here edits a balance.
 */

/**
 * The users list, newest first: `q` matches an account (prefix, any case), part of a phone number (3
 * or more digits anywhere in it, the country code included), part of a real name given for
 * verification, or an account-opening code (the user's own, and the users who opened their account
 * with it); `from` and `to` narrow to the days the users registered (platform time zone).
 */
export const operatorUserSearchQuery = listQuery({});
export type OperatorUserSearchQuery = z.infer<typeof operatorUserSearchQuery>;
/** The same filters for the users' CSV export. */
export const operatorUserFilters = listFilters({});
export type OperatorUserFilters = z.infer<typeof operatorUserFilters>;

export const USER_MATCHES = ["account", "phone", "name", "inviteCode", "invitedBy"] as const;
export const userMatch = z.enum(USER_MATCHES);
export type UserMatch = z.infer<typeof userMatch>;

/** A user as operators see one: the phone in full (E.164). */
export const operatorUser = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  phone: z.string(),
  phoneCountry: z.string(),
  /** The user's own account-opening code. */
  inviteCode: z.string(),
  /** The code the user opened their account with. */
  invitedBy: z.string().nullable(),
  creditScore: z.number().int(),
  /**
   * The verified badge the user's app shows (set when a reviewer approves). It cannot tell "under
   * review" from "not submitted": the console shows `OperatorUserDetail.verification` instead.
   */
  verified: z.boolean(),
  /** Set while an operator has locked the user's sign-in. */
  signInLockedAt: isoTime.nullable(),
  createdAt: isoTime,
});
export type OperatorUser = z.infer<typeof operatorUser>;

/** A search hit: the user and what matched (null when listing without a query). */
export const operatorUserHit = operatorUser.extend({ matchedBy: userMatch.nullable() });
export type OperatorUserHit = z.infer<typeof operatorUserHit>;
export const operatorUserPage = listPageOf(operatorUserHit);
export type OperatorUserPage = z.infer<typeof operatorUserPage>;

/** Each of a user's ledger balances. */
export const userBalancesView = z.object({
  cash: moneyString,
  frozenTrade: moneyString,
  frozenWithdrawal: moneyString,
  savingsPending: moneyString,
  savingsConfirmed: moneyString,
});
export type UserBalancesView = z.infer<typeof userBalancesView>;

/**
 * A user's page in the console. `money` (figures and balances, from the ledger) is null for an operator
 * whose role may not read users' money (`userMoney.read`).
 */
export const operatorUserDetail = z.object({
  user: operatorUser,
  signIn: z.object({
    /** Locked by an operator: the user cannot sign in until an operator unlocks it. */
    lock: z.object({ at: isoTime, by: z.string().nullable(), reason: z.string() }).nullable(),
    /** Wrong passwords typed for this account: further attempts wait until then (automatic, 15 minutes at most). */
    throttledUntil: isoTime.nullable(),
    liveSessions: z.number().int(),
    /** Two-step sign-in is on: the password is followed by an authenticator's code. */
    totp: z.boolean(),
    /** How many passkeys can sign in to the account. */
    passkeys: z.number().int().nonnegative(),
  }),
  /**
   * Where the user's real-name verification stands (their latest submission): every console panel
   * shows this, so "under review" never reads as "not verified".
   */
  verification: verificationState,
  /** Too many wrong transaction passwords: withdrawals wait until then. */
  payPasswordLockedUntil: isoTime.nullable(),
  money: z.object({ summary: accountSummary, balances: userBalancesView }).nullable(),
  /** The bound withdrawal account, masked; null when none is bound. */
  withdrawalAccount: withdrawalAccount.nullable(),
});
export type OperatorUserDetail = z.infer<typeof operatorUserDetail>;

/** A page of one of the user's lists (statement, deposits, withdrawals, sessions), newest first. */
export const operatorUserPageQuery = filteredPageQuery({});

/** One ledger entry of the user's: which of their balances moved, by how much, and what it was. */
export const statementEntry = z.object({
  id: z.string(),
  postingId: z.string(),
  /** What the posting was: "deposit", "stake", "payout", "withdrawal", … */
  kind: z.enum(POSTING_KINDS),
  account: z.enum(USER_ACCOUNT_KINDS),
  /** Signed: positive into the balance, negative out of it. */
  amount: moneyString,
  balanceAfter: moneyString,
  reference: z.string().nullable(),
  createdAt: isoTime,
});
export type StatementEntry = z.infer<typeof statementEntry>;
export const statementPage = pageOf(statementEntry);
export type StatementPage = z.infer<typeof statementPage>;

/** The user's contracts, newest first: all, or only `open` (pending and open) or `closed` (settled, void). */
export const operatorUserContractQuery = filteredPageQuery({ state: z.enum(["open", "closed"]).optional() });

export const userSession = sessionSummary.extend({
  expiresAt: isoTime,
  /** When it was ended (signed out, password changed, revoked, sign-in locked); null if it was not. */
  endedAt: isoTime.nullable(),
  /** Not ended and not expired: it can be used now. */
  live: z.boolean(),
});
export type UserSession = z.infer<typeof userSession>;
export const userSessionPage = pageOf(userSession);
export type UserSessionPage = z.infer<typeof userSessionPage>;

/** Why an operator revokes a session or locks or unlocks a user's sign-in: required, and audited. */
export const userActionRequest = z.object({ reason: operatorReason });
export type UserActionRequest = z.infer<typeof userActionRequest>;
