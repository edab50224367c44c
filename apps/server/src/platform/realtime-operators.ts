import type { OperatorPermission } from "@tickfair/contract";
import type { Clock } from "./clock";
import type {
  OperatorEventRenderer,
  OperatorLiveSession,
  OperatorSocketAuth,
  OperatorSocketSession,
} from "./realtime-plugs";
import { type SessionSocket, SocketSessions } from "./realtime-sessions";
import type { RelayLog } from "./user-events";

/** A socket as the operators' realm sees it. */
export interface OperatorSocket extends SessionSocket {
  /** What the operator's role may do, as last read (again before every delivery). */
  permissions: ReadonlySet<OperatorPermission>;
}

/**
 * The consoles' sockets: signed in with an operator's session (apart from users'), they hear operator
 * events, each only where the operator's role holds the permission the event names. Operators are few
 * and their events rare next to users' figures and ticks, so every delivery first reads the sessions
 * and roles of all operator sockets here again (one query): a session that ended or idled out, an
 * operator disabled or a role narrowed a moment ago already counts, wherever it happened.
 */
export class OperatorSockets<S extends OperatorSocket> {
  readonly #sessions: SocketSessions<S, OperatorLiveSession>;

  constructor(deps: { clock: Clock; log: RelayLog; auth: OperatorSocketAuth }) {
    this.#sessions = new SocketSessions<S, OperatorLiveSession>({
      clock: deps.clock,
      log: deps.log,
      liveSessions: (tokenHashes) => deps.auth.liveSessions(tokenHashes),
      refreshed: (client, live) => {
        client.permissions = live.permissions;
      },
    });
  }

  /** Signs the socket in (see SocketSessions.admit); it hears nothing until a delivery reads its role. */
  admit(client: S, session: OperatorSocketSession): boolean {
    client.permissions = new Set();
    return this.#sessions.admit(client, {
      holderId: session.operatorId,
      tokenHash: session.tokenHash,
      expiresAt: session.expiresAt,
    });
  }

  /**
   * Tells each reference's message to the sockets whose operator may hear it now. When the sessions
   * cannot be read, nobody is told: a console reloads its lists when it reconnects or regains focus.
   */
  async deliver<R>(renderer: OperatorEventRenderer<R>, refs: readonly R[]): Promise<void> {
    const clients = this.#sessions.all();
    if (clients.length === 0 || refs.length === 0) return;
    if (!(await this.#sessions.check(clients))) return;
    // Sockets whose session ended were forgotten by the check (holder cleared) and closed.
    const live = clients.filter((client) => client.holderId !== null);
    for (const ref of refs) {
      const permission = renderer.permissionOf(ref);
      const allowed = live.filter((client) => client.permissions.has(permission));
      if (allowed.length > 0) this.#sessions.send(allowed, renderer.render(ref));
    }
  }

  /** Reads the socket's session and role again: false when it no longer lives. */
  async confirm(client: S): Promise<boolean> {
    return (await this.#sessions.check([client])) && client.holderId !== null;
  }

  checkAll(): Promise<void> {
    return this.#sessions.checkAll();
  }

  settled(): Promise<void> {
    return this.#sessions.settled();
  }

  end(tokenHashes: readonly string[]): void {
    this.#sessions.end(tokenHashes);
  }

  forget(client: S): void {
    this.#sessions.forget(client);
  }
}
