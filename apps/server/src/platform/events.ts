/**
 * Domain events by name, each with the kind of reference it carries; a batch of references travels
 * as one event. An event is declared where it is raised: a capability adds its own to this interface
 * (declaration merging), so platform names none of theirs.
 */
export interface DomainEvents {
  /** A user's money moved (moveMoney raises it): their figures are to be told again. */
  "account.updated": bigint;
  /**
   * Sessions ended, by token hash: a user's (logout, a password change) or an operator's (sign-out,
   * sign-out everywhere, disabled, authenticator reset). Their sockets close wherever they are.
   */
  "sessions.ended": string;
}

export type DomainEventName = keyof DomainEvents;

/** Where capabilities publish what happened, once it committed; the realtime transport delivers it. */
export interface EventPublisher {
  publish<N extends DomainEventName>(name: N, refs: readonly DomainEvents[N][]): Promise<void>;
}
