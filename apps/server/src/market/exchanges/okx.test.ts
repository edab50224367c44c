import { afterEach, describe, expect, it } from "vitest";
import { okxProtocol } from "./okx";
import { OkxTestServer } from "./okx.testing";
import { AdapterSockets, until } from "./protocol-server.testing";

describe("OKX adapter against a local server speaking its protocol", () => {
  const sockets = new AdapterSockets();
  afterEach(() => sockets.closeAll());

  const connect = (instruments = ["BTC-USDT"], protocol = okxProtocol) =>
    sockets.connect(new OkxTestServer(), protocol, instruments);

  it("subscribes to the trades channel and reads each trade of a push exactly", async () => {
    const { server, socket, trades } = await connect(["BTC-USDT", "ETH-USDT"]);
    await until(() => socket.stats.subscribed);
    expect(JSON.parse(server.peers[0]?.received[0] ?? "null")).toEqual({
      op: "subscribe",
      args: [
        { channel: "trades", instId: "BTC-USDT" },
        { channel: "trades", instId: "ETH-USDT" },
      ],
    });
    const time = new Date("2026-11-28T10:00:00.456Z");
    server.trade("BTC-USDT", { id: "130639474", price: "42219.9", quantity: "0.12060306", time });
    await until(() => trades.length === 1);
    expect(trades[0]).toEqual({
      exchange: "okx",
      instrument: "BTC-USDT",
      tradeId: "130639474",
      price: "42219.9",
      quantity: "0.12060306",
      time,
    });
  });

  it("skips and counts malformed pushes, and counts an error event without dropping the connection", async () => {
    const { server, socket, trades } = await connect();
    await until(() => socket.stats.subscribed);
    server.broadcast("not json at all");
    server.broadcast(JSON.stringify({ arg: { channel: "trades", instId: "BTC-USDT" }, data: [{ px: "1" }] }));
    server.broadcast(JSON.stringify({ arg: { channel: "trades", instId: "BTC-USDT" }, data: "x" }));
    server.broadcast(JSON.stringify({ event: "error", code: "60012", msg: "Invalid request", connId: "a" }));
    server.trade("BTC-USDT", { id: "2", price: "42000.1", time: new Date() });
    await until(() => trades.length === 1);
    expect(socket.stats).toMatchObject({ malformed: 3, refused: 1, connects: 1 });
  });

  it("keeps a quiet connection alive with text ping/pong", async () => {
    const { server, socket } = await connect();
    await until(() => server.peers[0]?.received.includes("ping") ?? false);
    // The pong answered the ping before the heartbeat ran out: still the first connection.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(socket.stats.heartbeatTimeouts).toBe(0);
    expect(socket.stats.connects).toBe(1);
  });

  it("reconnects after a dropped connection and resubscribes", async () => {
    const { server, socket, trades } = await connect();
    await until(() => socket.stats.subscribed);
    server.dropAll();
    await until(() => socket.stats.connects === 2 && socket.stats.subscribed);
    expect(server.peers[1]?.subscriptions).toEqual(new Set(["BTC-USDT"]));
    server.trade("BTC-USDT", { id: "3", price: "42000.2", time: new Date() });
    await until(() => trades.length === 1);
  });

  it("reopens a connection that does not answer its pings", async () => {
    const { server, socket } = await connect();
    await until(() => socket.stats.subscribed);
    server.silent = true;
    await until(() => socket.stats.heartbeatTimeouts >= 1);
    expect(server.peers[0]?.received).toContain("ping");
    server.silent = false;
    await until(() => socket.stats.subscribed && socket.stats.connects >= 2);
  });

  it("refuses an unknown channel with an error event", async () => {
    const { socket } = await connect(["BTC-USDT"], {
      ...okxProtocol,
      subscribe: () => [JSON.stringify({ op: "subscribe", args: [{ channel: "nope", instId: "BTC-USDT" }] })],
    });
    await until(() => socket.stats.refused === 1);
    expect(socket.stats.subscribed).toBe(false);
  });
});
