import { type AuditAction, fromMinor, type OperatorUserDetail, type UserSession } from "@tickfair/contract";
import { toAccountSummary, userFigures } from "../account";
import { recordAudit } from "../audit";
import { disableTotp, lockSignIn, revokeUserSession, unlockSignIn, userSignInView } from "../auth";
import { boundWithdrawalAccount } from "../cashier";
import { userBalances } from "../ledger";
import { operatorMay } from "../operators";
import type { RouteContext } from "../platform/context";
import type { Tx } from "../platform/db";
import type { Operator } from "../platform/schema";
import { verificationStateOf } from "../verification";

/**
 * A user as the console shows them (ARCHITECTURE §5, operator console: users), and the operators'
 * actions on their sign-in. Each action is audited with its reason in the transaction that does it, and
 * the sessions it ends have their sockets closed once it committed. Nothing here moves money.
 */

type Deps = Pick<RouteContext, "db" | "clock" | "config" | "events">;

/** An operator's action on a user's sign-in, with its reason; answers the user's page after it. */
export type UserAction = (
  deps: Deps,
  operator: Operator,
  userId: bigint,
  reason: string,
) => Promise<OperatorUserDetail>;

/** Records an operator's action on a user with its reason, in the transaction that does it. */
function auditUserAction(
  tx: Tx,
  deps: Deps,
  by: { operator: Operator; userId: bigint; reason: string },
  action: AuditAction,
  detail: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, deps.clock, {
    operatorId: by.operator.id,
    action,
    targetType: "user",
    targetId: String(by.userId),
    reason: by.reason,
    detail,
  });
}

/** The user's page: identity, sign-in state, bound withdrawal account and, for roles that may read users' money, the figures. */
export async function userDetail(
  deps: Deps,
  operator: Operator,
  userId: bigint,
): Promise<OperatorUserDetail> {
  const now = deps.clock.now();
  const view = await userSignInView(deps.db, userId, now);
  const withMoney = operatorMay(operator, "userMoney.read");
  const [verification, withdrawalAccount, figures, balances] = await Promise.all([
    verificationStateOf(deps.db, userId),
    boundWithdrawalAccount(deps.db, userId),
    withMoney ? userFigures(deps.db, userId, now, deps.config.PLATFORM_TZ) : null,
    withMoney ? userBalances(deps.db, userId) : null,
  ]);
  return {
    ...view,
    verification,
    money:
      figures && balances
        ? {
            summary: toAccountSummary(figures),
            balances: {
              cash: fromMinor(balances.cash),
              frozenTrade: fromMinor(balances.frozen_trade),
              frozenWithdrawal: fromMinor(balances.frozen_withdrawal),
              savingsPending: fromMinor(balances.savings_pending),
              savingsConfirmed: fromMinor(balances.savings_confirmed),
            },
          }
        : null,
    withdrawalAccount,
  };
}

/** Ends one of the user's sessions (their socket on it closes). */
export async function revokeSession(
  deps: Deps,
  operator: Operator,
  target: { userId: bigint; sessionId: bigint },
  reason: string,
): Promise<UserSession> {
  const revoked = await deps.db.transaction().execute(async (tx) => {
    const ended = await revokeUserSession(tx, target.userId, target.sessionId, deps.clock.now());
    await auditUserAction(tx, deps, { operator, userId: target.userId, reason }, "user.session.revoke", {
      sessionId: String(target.sessionId),
    });
    return ended;
  });
  await deps.events.publish("sessions.ended", [revoked.tokenHash]);
  return revoked.session;
}

/** Locks the user's sign-in and ends every live session of theirs. */
export const lockUser: UserAction = async (deps, operator, userId, reason) => {
  const { endedSessions } = await deps.db.transaction().execute(async (tx) => {
    const locked = await lockSignIn(tx, userId, { operatorId: operator.id, reason, at: deps.clock.now() });
    await auditUserAction(tx, deps, { operator, userId, reason }, "user.sign_in.lock", {
      endedSessions: locked.endedSessions.length,
    });
    return locked;
  });
  if (endedSessions.length > 0) await deps.events.publish("sessions.ended", endedSessions);
  return userDetail(deps, operator, userId);
};

/** Lifts the lock: the user may sign in again. */
export const unlockUser: UserAction = async (deps, operator, userId, reason) => {
  await deps.db.transaction().execute(async (tx) => {
    const { lockedAt } = await unlockSignIn(tx, userId);
    await auditUserAction(tx, deps, { operator, userId, reason }, "user.sign_in.unlock", {
      lockedAt: lockedAt.toISOString(),
    });
  });
  return userDetail(deps, operator, userId);
};

/**
 * Turns the user's two-step sign-in off, for a user who lost both their authenticator and their
 * recovery codes and proved who they are to customer service. The user is told in their inbox, so a
 * reset talked out of support by someone else is seen.
 */
export const resetUserTotp: UserAction = async (deps, operator, userId, reason) => {
  await deps.db.transaction().execute(async (tx) => {
    await disableTotp(tx, userId, deps.clock.now(), "operator");
    await auditUserAction(tx, deps, { operator, userId, reason }, "user.totp.reset", {});
  });
  await deps.events.publish("inbox.changed", [userId]);
  return userDetail(deps, operator, userId);
};
