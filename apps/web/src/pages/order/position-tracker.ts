import type { Contract } from "@tickfair/contract";

/** How long a position that just closed keeps its card, showing its result, before it is only a record. */
export const SETTLED_SHOWN_MS = 8_000;
/** How long a position that left the open list waits for its closed record before its card goes. */
const SETTLING_SHOWN_MS = 20_000;

export type PositionPhase = "live" | "settling" | "settled";
export interface PositionCard {
  contract: Contract;
  phase: PositionPhase;
}

const newestFirst = (a: PositionCard, b: PositionCard) => {
  const x = a.contract.id;
  const y = b.contract.id;
  return x.length !== y.length ? y.length - x.length : x < y ? 1 : x > y ? -1 : 0;
};

/**
 * The cards of the positions tab. Every open contract is live; one that leaves the open list while
 * the tab is on screen stays as "settling" until its closed record arrives, then shows its result
 * for a few seconds before it lives only in the closed records. Remembers what it has seen, so call
 * `cards` on every render with the latest lists and the time.
 */
export class PositionTracker {
  private readonly lastOpen = new Map<string, Contract>();
  private readonly leftAt = new Map<string, number>();
  private readonly closedAt = new Map<string, number>();

  cards(open: readonly Contract[], closed: readonly Contract[], now: number): PositionCard[] {
    const openIds = new Set(open.map((c) => c.id));
    const closedById = new Map(closed.map((c) => [c.id, c]));
    const cards: PositionCard[] = open.map((contract) => ({ contract, phase: "live" }));
    for (const [id, last] of this.lastOpen) {
      if (openIds.has(id)) continue;
      const record = closedById.get(id);
      if (record) {
        const since = this.firstSeen(this.closedAt, id, now);
        if (now - since < SETTLED_SHOWN_MS) cards.push({ contract: record, phase: "settled" });
        else this.lastOpen.delete(id);
      } else {
        const since = this.firstSeen(this.leftAt, id, now);
        if (now - since < SETTLING_SHOWN_MS) cards.push({ contract: last, phase: "settling" });
        else this.lastOpen.delete(id);
      }
    }
    for (const contract of open) this.lastOpen.set(contract.id, contract);
    return cards.sort(newestFirst);
  }

  private firstSeen(times: Map<string, number>, id: string, now: number): number {
    const seen = times.get(id);
    if (seen !== undefined) return seen;
    times.set(id, now);
    return now;
  }
}
