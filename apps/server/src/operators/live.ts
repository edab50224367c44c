import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";
import { AppError } from "../platform/errors";
import type { OperatorLiveSession, OperatorSocketAuth } from "../platform/realtime";
import { hashToken } from "../platform/tokens";
import { permissionsOf } from "./permissions";

/**
 * How a console's socket signs in with its operator session, and learns which sessions still live and
 * what their operators' roles may hear. The same rules as the HTTP guard (guard.ts): not revoked, not
 * past its end, used within the idle limit, operator not disabled. Reading never counts as the
 * operator's activity (last_seen_at is not written): only the console's requests keep a session alive,
 * so a console left open closes its socket when the idle limit passes, as its next request would fail.
 */
export function operatorSocketAuth(deps: { db: Db; clock: Clock; idleMs: number }): OperatorSocketAuth {
  const liveSessions = async (tokenHashes: readonly string[]) => {
    if (tokenHashes.length === 0) return new Map<string, OperatorLiveSession & { operatorId: bigint }>();
    const now = deps.clock.now();
    const rows = await deps.db
      .selectFrom("operator_sessions as s")
      .innerJoin("operators as o", "o.id", "s.operator_id")
      .select(["s.token_hash", "s.operator_id", "s.expires_at", "s.last_seen_at", "o.role"])
      .where("s.token_hash", "in", [...tokenHashes])
      .where("s.revoked_at", "is", null)
      .where("s.expires_at", ">", now)
      .where("s.last_seen_at", ">=", new Date(now.getTime() - deps.idleMs))
      .where("o.disabled_at", "is", null)
      .execute();
    return new Map(
      rows.map((row) => {
        const idleEnd = row.last_seen_at.getTime() + deps.idleMs;
        const live: OperatorLiveSession & { operatorId: bigint } = {
          operatorId: row.operator_id,
          expiresAt: new Date(Math.min(row.expires_at.getTime(), idleEnd)),
          permissions: new Set(permissionsOf(row.role)),
        };
        return [row.token_hash, live] as const;
      }),
    );
  };
  return {
    async authenticate(token) {
      const tokenHash = hashToken(token);
      const session = (await liveSessions([tokenHash])).get(tokenHash);
      if (!session) throw new AppError("UNAUTHENTICATED");
      return { operatorId: session.operatorId, tokenHash, expiresAt: session.expiresAt };
    },
    liveSessions,
  };
}
