import type { ConversationContext } from "@tickfair/contract";
import { accountSummaryNow, type FiguresDeps } from "../account";
import { userSignInView } from "../auth";
import { boundWithdrawalAccount, listUserWithdrawals } from "../cashier";
import { conversationPage } from "../chat";
import { AppError } from "../platform/errors";
import { verificationStateOf } from "../verification";

const RECENT_WITHDRAWALS = 5;

/**
 * What support sees beside a conversation: the user, their verification, figures, bound account and
 * latest withdrawals — each read through the capability that owns it.
 */
export async function conversationContext(
  deps: FiguresDeps,
  operatorId: bigint,
  conversationId: bigint,
): Promise<ConversationContext> {
  const conversation = await conversationPage(deps.db, operatorId, {
    view: "all",
    state: "open",
    limit: 1,
    only: conversationId,
  });
  const row = conversation.items[0];
  if (!row) throw new AppError("NOT_FOUND");
  const userId = BigInt(row.user.id);
  const [view, verification, summary, withdrawalAccount, withdrawals] = await Promise.all([
    userSignInView(deps.db, userId, deps.clock.now()),
    verificationStateOf(deps.db, userId),
    accountSummaryNow(deps, userId),
    boundWithdrawalAccount(deps.db, userId),
    listUserWithdrawals(deps.db, userId, { limit: RECENT_WITHDRAWALS }),
  ]);
  return {
    conversation: row,
    user: {
      id: view.user.id,
      account: view.user.account,
      phone: view.user.phone,
      createdAt: view.user.createdAt,
      verification,
    },
    summary,
    withdrawalAccount,
    recentWithdrawals: withdrawals.items,
  };
}
