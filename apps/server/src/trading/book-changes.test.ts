import { describe, expect, it, vi } from "vitest";
import type { DomainEventName, DomainEvents, EventPublisher } from "../platform/events";
import { operatorAuth, toppedUpUser } from "../test/cashier-fixtures";
import { heardSoFar, openOperatorSocket, tokenOf, useListeningApp } from "../test/socket";
import { placeContract } from "../test/trading-fixtures";
import { BookChangeGatherer, GATHER_BOOK_CHANGES_MS } from "./book-changes";

const { t, socketUrl } = useListeningApp();

describe("risk.changed", () => {
  it("tells every console once for a burst of orders, after they committed", async () => {
    const support = await operatorAuth(t, "support");
    const board = await openOperatorSocket(socketUrl(), tokenOf(support.headers));
    const user = await toppedUpUser(t, "1000.00");
    for (const stake of ["10.00", "11.00", "12.00"])
      await placeContract(t.app, user.auth, {
        symbol: "BTC/USDT",
        direction: "up",
        stake,
        durationSeconds: 60,
      });
    expect(await board.next()).toEqual({ type: "risk.changed", placed: true });
    await new Promise((resolve) => setTimeout(resolve, GATHER_BOOK_CHANGES_MS + 200));
    expect(await heardSoFar(board)).toEqual([]);
    board.socket.close();
  });
});

describe("BookChangeGatherer", () => {
  it("publishes once per gathering, saying whether orders were placed in it", async () => {
    vi.useFakeTimers();
    try {
      const published: DomainEvents["risk.changed"][] = [];
      const events: EventPublisher = {
        publish: async <N extends DomainEventName>(name: N, refs: readonly DomainEvents[N][]) => {
          if (name === "risk.changed") published.push(...(refs as readonly DomainEvents["risk.changed"][]));
        },
      };
      const gatherer = new BookChangeGatherer(events);
      gatherer.add(false);
      gatherer.add(true);
      gatherer.add(false);
      expect(published).toEqual([]);
      vi.advanceTimersByTime(GATHER_BOOK_CHANGES_MS);
      expect(published).toEqual([{ placed: true }]);
      gatherer.add(false);
      vi.advanceTimersByTime(GATHER_BOOK_CHANGES_MS);
      expect(published).toEqual([{ placed: true }, { placed: false }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
