/**
 * Sign-in passwords after the changes: the stored hash takes the password each user was last told is
 * theirs (signing in would work), and after an acknowledged change no longer takes the old one. A
 * change without an answer, or refused only after an attempt without one, is unknown: then either the
 * old or the new must work, and nothing else.
 */
import type { ChangePasswordRequest } from "@tickfair/contract";
import type pg from "pg";
import { verifyPassword } from "../../apps/server/src/platform/passwords";
import { isSuccess, type LoggedRequest, refusedAtOnce } from "../answer-log";
import type { Problem } from "./shared";

export interface PasswordFigures {
  password_changes: number;
  password_mismatches: number;
}

interface Expected {
  /** Passwords of which exactly one must be the stored one. */
  oneOf: string[];
  /** A password that must no longer sign in. */
  notOld: string | null;
}

export async function checkPasswords(
  client: pg.Client,
  log: readonly LoggedRequest[],
  problem: Problem,
): Promise<PasswordFigures> {
  // Per user, the last change's outcome decides: each change starts from what the user then knew.
  const expected = new Map<string, Expected>();
  const changes = log.filter((entry) => entry.action === "password_change");
  for (const entry of changes) {
    const sent = entry.sent as ChangePasswordRequest;
    if (isSuccess(entry.status))
      expected.set(entry.actor, { oneOf: [sent.newPassword], notOld: sent.oldPassword });
    else if (refusedAtOnce(entry)) expected.set(entry.actor, { oneOf: [sent.oldPassword], notOld: null });
    else expected.set(entry.actor, { oneOf: [sent.oldPassword, sent.newPassword], notOld: null });
  }
  const users = await client.query<{ account: string; password_hash: string }>(
    "select account, password_hash from users where account = any($1::text[])",
    [[...expected.keys()]],
  );
  const hashes = new Map(users.rows.map((row) => [row.account, row.password_hash]));
  let mismatches = 0;
  for (const [account, { oneOf, notOld }] of expected) {
    const hash = hashes.get(account);
    const takes = hash ? await Promise.all(oneOf.map((password) => verifyPassword(hash, password))) : [];
    if (takes.filter(Boolean).length !== 1) {
      mismatches++;
      problem(
        `${account}: the stored password is not the one expected of ${oneOf.length} (${changes.length} changes in the run)`,
      );
    } else if (hash && notOld !== null && (await verifyPassword(hash, notOld))) {
      mismatches++;
      problem(`${account}: the old password still signs in after an acknowledged change`);
    }
  }
  return { password_changes: changes.length, password_mismatches: mismatches };
}
