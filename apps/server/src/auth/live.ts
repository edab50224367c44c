import { sql } from "kysely";
import type { Clock } from "../platform/clock";
import { type Db, prepared } from "../platform/db";
import type { SocketAuth } from "../platform/realtime";
import { authenticate } from "./sessions";

/** How the realtime socket signs in with a session token, and learns which sessions still live. */
export function socketAuth(deps: { db: Db; clock: Clock; sessionIdleMs: number }): SocketAuth {
  return {
    async authenticate(token) {
      const session = await authenticate(
        deps.db,
        deps.clock,
        { sessionIdleMs: deps.sessionIdleMs },
        token,
        null,
      );
      return { userId: session.user.id, tokenHash: session.tokenHash, expiresAt: session.expiresAt };
    },
    async liveSessions(tokenHashes) {
      const { rows } = await prepared(sql<{ token_hash: string; expires_at: Date }>`
        select token_hash, expires_at from sessions
        where token_hash = any(${[...tokenHashes]}::text[]) and revoked_at is null
          and expires_at > ${deps.clock.now()}`).execute(deps.db);
      return new Map(rows.map((row) => [row.token_hash, row.expires_at]));
    },
  };
}
