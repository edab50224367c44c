import { describe, expect, it } from "vitest";
import { seedCatalogue } from "../market/seed";
import { onPostgres } from "../market/testing";
import { ManualClock } from "../platform/clock";
import { RELAY_FORMAT } from "../platform/relay-format";
import { registerAndLogin } from "../test/fixtures";
import { openSignedInSocket } from "../test/socket";
import { useTwoProcesses } from "../test/two-processes";
import { parseScrape, sampleValue } from "./testing";

describe.skipIf(!onPostgres())("relay lag on /metrics (PostgreSQL)", () => {
  const clock = new ManualClock(new Date(Date.UTC(2026, 0, 6, 11, 0, 0)));
  const processes = useTwoProcesses(clock, {}, seedCatalogue);

  it("counts how long each event relayed by another process took, not the ones that say no send time", async () => {
    const { a, b, context } = processes;
    const lag = async () => {
      const samples = parseScrape((await b.inject({ url: "/metrics" })).body);
      return {
        count: sampleValue(samples, "tickfair_relay_lag_seconds_count") ?? -1,
        sum: sampleValue(samples, "tickfair_relay_lag_seconds_sum") ?? -1,
      };
    };
    const user = await registerAndLogin(context);
    const onB = await openSignedInSocket(processes.socketUrl(b), user.token);
    try {
      const before = await lag();
      await a.tickfair.events.publish("account.updated", [user.userId]);
      expect(await onB.next()).toMatchObject({ type: "account.updated" });
      const after = await lag();
      expect(after.count).toBe(before.count + 1);
      // On one machine, over one PostgreSQL: well under a second on the way.
      expect(after.sum - before.sum).toBeGreaterThanOrEqual(0);
      expect(after.sum - before.sum).toBeLessThan(1);

      // A process of the previous release writes no send time: its events arrive, uncounted.
      a.tickfair.realtime.relay.writes = 1;
      await a.tickfair.events.publish("account.updated", [user.userId]);
      expect(await onB.next()).toMatchObject({ type: "account.updated" });
      expect((await lag()).count).toBe(after.count);
      // B's own events are told by B at once: no relay, no lag counted.
      a.tickfair.realtime.relay.writes = RELAY_FORMAT;
      await b.tickfair.events.publish("account.updated", [user.userId]);
      expect(await onB.next()).toMatchObject({ type: "account.updated" });
      expect((await lag()).count).toBe(after.count);
    } finally {
      a.tickfair.realtime.relay.writes = RELAY_FORMAT;
      onB.socket.close();
    }
  });
});
