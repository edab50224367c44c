import { afterEach, describe, expect, it } from "vitest";
import { binanceProtocol } from "./binance";
import { BinanceTestServer } from "./binance.testing";
import { AdapterSockets, until } from "./protocol-server.testing";

describe("Binance adapter against a local server speaking its protocol", () => {
  const sockets = new AdapterSockets();
  afterEach(() => sockets.closeAll());

  async function connect(instruments = ["BTCUSDT"]) {
    const opened = await sockets.connect(new BinanceTestServer(), binanceProtocol, instruments);
    await until(() => opened.socket.stats.subscribed);
    return opened;
  }

  it("subscribes to <symbol>@trade and reads trades exactly, prices as the exchange's text", async () => {
    const { server, trades } = await connect(["BTCUSDT", "ETHUSDT"]);
    expect(server.peers[0]?.received[0] && JSON.parse(server.peers[0].received[0])).toEqual({
      method: "SUBSCRIBE",
      params: ["btcusdt@trade", "ethusdt@trade"],
      id: 1,
    });
    const time = new Date("2026-11-28T10:00:00.123Z");
    server.trade("BTCUSDT", { id: 5_012_345_678, price: "67012.35000000", quantity: "0.00420000", time });
    server.trade("ETHUSDT", { id: 9, price: "0.10000001", time });
    await until(() => trades.length === 2);
    expect(trades).toEqual([
      {
        exchange: "binance",
        instrument: "BTCUSDT",
        tradeId: "5012345678",
        price: "67012.35000000",
        quantity: "0.00420000",
        time,
      },
      expect.objectContaining({ instrument: "ETHUSDT", tradeId: "9", price: "0.10000001" }),
    ]);
  });

  it("skips and counts malformed frames and keeps reading", async () => {
    const { server, socket, trades } = await connect();
    server.broadcast("{not json");
    server.broadcast(JSON.stringify({ e: "trade", s: "BTCUSDT", t: 1, p: 67000.5, q: "1", T: Date.now() }));
    server.broadcast(JSON.stringify({ e: "trade", s: "BTCUSDT", t: 2, p: "-1", q: "1", T: Date.now() }));
    server.broadcast(JSON.stringify([1, 2, 3]));
    server.trade("BTCUSDT", { id: 3, price: "67000.50", time: new Date() });
    await until(() => trades.length === 1);
    expect(trades[0]?.tradeId).toBe("3");
    expect(socket.stats.malformed).toBe(4);
  });

  it("answers the server's ping frames with the ping's payload", async () => {
    const { server } = await connect();
    server.ping("1732094185659");
    await until(() => server.peers[0]?.pongs.length === 1);
    expect(server.peers[0]?.pongs).toEqual(["1732094185659"]);
  });

  it("reconnects after a dropped connection, resubscribes, and reads on", async () => {
    const { server, socket, trades } = await connect();
    server.dropAll();
    await until(() => socket.stats.connects === 2 && socket.stats.subscribed);
    expect(server.peers[1]?.subscriptions).toEqual(new Set(["btcusdt@trade"]));
    server.trade("BTCUSDT", { id: 7, price: "1.00", time: new Date() });
    await until(() => trades.length === 1);
  });

  it("reconnects at once on a serverShutdown notice", async () => {
    const { server, socket } = await connect();
    server.shutdownNotice();
    await until(() => socket.stats.connects === 2 && socket.stats.subscribed);
  });

  it("reopens a connection that goes silent past the heartbeat, and reads on", async () => {
    const { server, socket, trades } = await connect();
    server.silent = true;
    // The silent server never pongs: the client pinged, waited the heartbeat out, then reconnected.
    await until(() => socket.stats.heartbeatTimeouts >= 1 && socket.stats.connects >= 2);
    // Whether the resubscription landed before the server spoke again is a race; either way the
    // client must end on a live subscription that carries trades.
    server.silent = false;
    await until(() => socket.stats.subscribed);
    server.trade("BTCUSDT", { id: 11, price: "2.00", time: new Date() });
    await until(() => trades.length === 1);
    expect(trades[0]?.tradeId).toBe("11");
  });

  it("counts a refused subscription", async () => {
    const { socket } = await sockets.connect(
      new BinanceTestServer(),
      { ...binanceProtocol, subscribe: () => ['{"method":"SUBSCRIBE","params":"x","id":4}'] },
      ["BTCUSDT"],
    );
    await until(() => socket.stats.refused === 1);
    expect(socket.stats.subscribed).toBe(false);
  });
});
