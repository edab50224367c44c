/**
 * What the users' sockets were owed, from the database, against what they recorded (soak/sockets.ts).
 * The server tells a socket after the change commits, in the process that made it and, through the
 * PostgreSQL relay, in the others: best effort, so an event is owed only when nothing could lose it —
 * one of the user's sockets was `ready` when the change was stamped and stayed connected for MARGIN_MS
 * after, and no fault touched that span: a kill, which may take the process that committed the change
 * before it told anyone, or the PostgreSQL restart, which drops NOTIFYs, listeners and the reads that
 * render events until its window ends. Only the kill's instant counts: while the process is down and
 * starting again the others relay as ever, and a socket it held has already closed. Those a fault
 * touched count as unknown. The rules, per kind:
 * - contract.settled: each of the user's contracts closed (settled or void) in such a span arrives
 *   once; none arrives twice, none for a contract not the user's;
 * - chat.message: the user's socket follows their conversation from the last seq it has, and the
 *   server sends every later message once, in order. So the seqs received over the whole run rise
 *   without a repeat, and every message the user may see (notes are support's own) up to the last
 *   received arrived — whatever faults happened, a re-follow fills what a drop cut off; and each one
 *   stored in a span as above arrived too;
 * - inbox.changed (personal) carries no id and one may stand for several notices: after each notice
 *   stored in a span as above, at least one arrives before that socket closes; none arrives to a user
 *   before their first notice.
 * Arrival times are not judged beyond that (a busy machine may be slow, not lossy); the longest wait
 * from a change's stamp to its event is reported, so the margin can be judged against it.
 */
import type pg from "pg";
import type { FaultWindow } from "../faults";
import type { ReceivedEvent, SocketRecord } from "../sockets";
import type { Problem } from "./shared";

/**
 * How long after a change its event may take to reach a socket: the settlement's batch commits after
 * its stamp, the relay gathers for 10 ms and the listening process reads the rows it renders; on two
 * busy cores the relay's lag reaches a second or two (docs/reliability.md). Five seconds covers that
 * with room, and still leaves most of each 30 s between kills owed.
 */
export const MARGIN_MS = 5_000;
/** A change is stamped before its commit, its event sent after: this only absorbs rounding. */
const CLOCK_SLACK_MS = 250;

export interface EventFigures {
  socket_connections: number;
  socket_events_owed: { settled: number; chat: number; inbox: number };
  socket_events_received: number;
  socket_events_unknown: number;
  socket_events_missed: number;
  socket_events_duplicated: number;
  socket_events_misdirected: number;
  socket_events_out_of_order: number;
  /** The longest wait from an owed change's stamp to its event's arrival, in ms. */
  socket_lag_max_ms: number;
}

/** Owed, or unknown for a fault, with the end of the socket's interval that owes it; null: not owed. */
type Due = { owed: boolean; until: number } | null;

export async function checkSocketEvents(
  client: pg.Client,
  records: readonly SocketRecord[],
  faults: readonly FaultWindow[],
  problem: Problem,
): Promise<EventFigures> {
  const figures: EventFigures = {
    socket_connections: records.reduce((sum, record) => sum + record.connections, 0),
    socket_events_owed: { settled: 0, chat: 0, inbox: 0 },
    socket_events_received: records.reduce((sum, record) => sum + record.events.length, 0),
    socket_events_unknown: 0,
    socket_events_missed: 0,
    socket_events_duplicated: 0,
    socket_events_misdirected: 0,
    socket_events_out_of_order: 0,
    socket_lag_max_ms: 0,
  };
  const accounts = records.map((record) => record.account);
  const contracts = await rowsByAccount<{ account: string; id: string; settled_at: Date }>(
    client,
    `select u.account, c.id::text, c.settled_at from contracts c join users u on u.id = c.user_id
     where c.status in ('settled', 'void') and u.account = any($1)`,
    accounts,
  );
  const chats = await rowsByAccount<{
    account: string;
    conversation_id: string;
    seq: string;
    created_at: Date;
  }>(
    client,
    `select u.account, m.conversation_id::text, m.seq::text, m.created_at from chat_messages m
     join conversations c on c.id = m.conversation_id join users u on u.id = c.user_id
     where m.author <> 'note' and u.account = any($1) order by m.seq`,
    accounts,
  );
  const notices = await rowsByAccount<{ account: string; created_at: Date }>(
    client,
    `select u.account, m.created_at from inbox_messages m join users u on u.id = m.user_id
     where u.account = any($1) order by m.created_at`,
    accounts,
  );
  for (const record of records) {
    const owed = (at: number): Due => {
      const span = record.intervals.find((one) => one.from <= at && at + MARGIN_MS <= one.to);
      if (!span) return null;
      const faulty = faults.some(
        (window) => at <= (window.kind === "kill" ? window.from : window.to) && at + MARGIN_MS >= window.from,
      );
      return { owed: !faulty, until: span.to };
    };
    const tell = (line: string) => problem(`socket of ${record.account}: ${line}`);
    const of = <K extends ReceivedEvent["kind"]>(kind: K) =>
      record.events.filter((event): event is Extract<ReceivedEvent, { kind: K }> => event.kind === kind);
    checkSettlements(figures, contracts.get(record.account) ?? [], of("settled"), owed, tell);
    checkChat(figures, chats.get(record.account) ?? [], of("chat"), owed, tell);
    checkInbox(figures, notices.get(record.account) ?? [], of("inbox"), owed, tell);
  }
  return figures;
}

type Tell = (line: string) => void;

function checkSettlements(
  figures: EventFigures,
  contracts: readonly { id: string; settled_at: Date }[],
  received: readonly { contractId: string; at: number }[],
  owed: (at: number) => Due,
  tell: Tell,
): void {
  const times = new Map<string, number>();
  const firstAt = new Map<string, number>();
  for (const event of received) {
    times.set(event.contractId, (times.get(event.contractId) ?? 0) + 1);
    if (!firstAt.has(event.contractId)) firstAt.set(event.contractId, event.at);
  }
  const mine = new Set(contracts.map((contract) => contract.id));
  for (const [id, n] of times) {
    if (!mine.has(id)) {
      figures.socket_events_misdirected += n;
      tell(`contract.settled for contract ${id}, not a closed contract of this user`);
    } else if (n > 1) {
      figures.socket_events_duplicated += n - 1;
      tell(`contract.settled for contract ${id} arrived ${n} times`);
    }
  }
  for (const contract of contracts) {
    const stamp = contract.settled_at.getTime();
    const arrived = firstAt.get(contract.id);
    if (!tally(figures, owed(stamp), stamp, arrived)) continue;
    figures.socket_events_owed.settled++;
    if (arrived === undefined) {
      figures.socket_events_missed++;
      tell(`contract ${contract.id} settled ${contract.settled_at.toISOString()} while connected: no event`);
    }
  }
}

function checkChat(
  figures: EventFigures,
  messages: readonly { conversation_id: string; seq: string; created_at: Date }[],
  received: readonly { conversationId: string; seq: string; at: number }[],
  owed: (at: number) => Due,
  tell: Tell,
): void {
  const conversation = messages[0]?.conversation_id;
  const seen = new Map<bigint, number>();
  let last = 0n;
  for (const event of received) {
    const seq = BigInt(event.seq);
    if (event.conversationId !== conversation) {
      figures.socket_events_misdirected++;
      tell(
        `chat.message of conversation ${event.conversationId}, not the user's (${conversation ?? "none"})`,
      );
    } else if (seen.has(seq)) {
      figures.socket_events_duplicated++;
      tell(`chat.message seq ${seq} arrived again`);
    } else if (seq < last) {
      figures.socket_events_out_of_order++;
      tell(`chat.message seq ${seq} arrived after seq ${last}`);
    }
    if (!seen.has(seq)) seen.set(seq, event.at);
    if (seq > last) last = seq;
  }
  for (const message of messages) {
    const seq = BigInt(message.seq);
    const stamp = message.created_at.getTime();
    const arrived = seen.get(seq);
    // Up to the last seq received it is owed whatever happened: the follow promises no gap. Its lag
    // says something only when it was stored while a socket was up.
    const timed = owed(stamp);
    const due = seq <= last ? { owed: true, until: Number.POSITIVE_INFINITY } : timed;
    if (!tally(figures, due, stamp, arrived, timed?.owed === true)) continue;
    figures.socket_events_owed.chat++;
    if (arrived === undefined) {
      figures.socket_events_missed++;
      tell(
        seq <= last
          ? `chat seq ${seq} never arrived, though seq ${last} did`
          : `chat seq ${seq} stored ${message.created_at.toISOString()} while connected: never arrived`,
      );
    }
  }
}

function checkInbox(
  figures: EventFigures,
  notices: readonly { created_at: Date }[],
  received: readonly { scope: "personal" | "broadcast"; at: number }[],
  owed: (at: number) => Due,
  tell: Tell,
): void {
  const personal = received.filter((event) => event.scope === "personal").map((event) => event.at);
  const first = notices[0]?.created_at.getTime();
  for (const at of personal)
    if (first === undefined || at + CLOCK_SLACK_MS < first) {
      figures.socket_events_misdirected++;
      tell(`inbox.changed (personal) at ${new Date(at).toISOString()}, before any notice of the user`);
    }
  for (const notice of notices) {
    const stamp = notice.created_at.getTime();
    const due = owed(stamp);
    const until = due?.until ?? stamp;
    const arrived = personal.find((at) => at + CLOCK_SLACK_MS >= stamp && at <= until);
    if (!tally(figures, due, stamp, arrived)) continue;
    figures.socket_events_owed.inbox++;
    if (arrived === undefined) {
      figures.socket_events_missed++;
      tell(`notice stored ${notice.created_at.toISOString()} while connected: no inbox.changed after it`);
    }
  }
}

/**
 * An event not owed for a fault that did not arrive counts as unknown; an owed one that arrived adds its
 * lag (unless `timed` says its stamp is no measure). True when the event is owed.
 */
function tally(
  figures: EventFigures,
  due: Due,
  stamp: number,
  arrived: number | undefined,
  timed = true,
): boolean {
  if (due === null) return false;
  if (!due.owed) {
    if (arrived === undefined) figures.socket_events_unknown++;
    return false;
  }
  if (arrived !== undefined && timed)
    figures.socket_lag_max_ms = Math.max(figures.socket_lag_max_ms, arrived - stamp);
  return true;
}

async function rowsByAccount<R extends { account: string }>(
  client: pg.Client,
  text: string,
  accounts: readonly string[],
): Promise<Map<string, R[]>> {
  const result = await client.query<R>(text, [accounts]);
  const by = new Map<string, R[]>();
  for (const row of result.rows) {
    const list = by.get(row.account) ?? [];
    list.push(row);
    by.set(row.account, list);
  }
  return by;
}
