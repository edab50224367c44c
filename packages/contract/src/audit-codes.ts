/**
 * Every action the audit log records and every kind of record it points at, in one list the server
 * writes from and the console names: a code the server records without a name in each of the
 * console's languages fails a test rather than showing as a raw code. Zod-free, like the other
 * constants the console reads.
 */

/** The controls a second admin approves a weakening of (maker-checker). */
export const CONTROL_SUBJECTS = ["cashier_settings", "exposure_caps", "operator_role"] as const;
export type ControlSubjectName = (typeof CONTROL_SUBJECTS)[number];

/** The console lists an operator may take as a CSV file, each audited as `<list>.export`. */
export const EXPORTED_LISTS = ["audit", "deposits", "withdrawals", "verifications", "users"] as const;
export type ExportedList = (typeof EXPORTED_LISTS)[number];

/** A control changed at once (a tightening), or a weakening proposed, then approved or rejected. */
const CONTROL_STEPS = ["update", "propose", "approve", "reject"] as const;

export const AUDIT_ACTIONS = [
  ...EXPORTED_LISTS.map((list) => `${list}.export` as const),
  ...CONTROL_SUBJECTS.flatMap((subject) => CONTROL_STEPS.map((step) => `${subject}.${step}` as const)),
  "content.version",
  "content.banner.create",
  "content.banner.update",
  "content.popup.create",
  "content.popup.update",
  "deposit.approve_first",
  "deposit.confirm",
  "deposit.reject",
  "deposit.proof_view",
  "deposit_method.create",
  "deposit_method.update",
  "invite_code.create",
  "ledger.check",
  "market.product.update",
  "market.product.feed",
  "operator.create",
  "operator.login",
  "operator.logout",
  "operator.logout_everywhere",
  "operator.recovery_code_use",
  "operator.second_factor_fail",
  "operator.totp_enrol",
  "operator.disable",
  "operator.enable",
  "operator.reset_totp",
  "savings_rate.schedule",
  "savings_settings.change",
  "user.session.revoke",
  "user.sign_in.lock",
  "user.sign_in.unlock",
  "user.totp.reset",
  "verification.view",
  "verification.id_number_view",
  "verification.approve",
  "verification.reject",
  "withdrawal.approve",
  "withdrawal.reject",
  "withdrawal.pick_up",
  "withdrawal.paid",
  "withdrawal_account.unbind",
  "broadcast.create",
  "broadcast.cancel",
  "solvency.attest",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGETS = [
  "audit_log",
  "broadcast",
  "content",
  "content_notice",
  "control_change",
  "deposit",
  "deposit_method",
  "invite_code",
  "ledger",
  "operator",
  "product",
  "savings",
  "savings_rate",
  "settings",
  "solvency_snapshot",
  "user",
  "verification",
  "withdrawal",
] as const;
export type AuditTarget = (typeof AUDIT_TARGETS)[number];
