import type { ServerMessage } from "@tickfair/contract";
import type { WebSocket } from "ws";
import type { Followers } from "./realtime-plugs";

/** A socket as the public channels see it. */
export interface FollowingSocket {
  socket: WebSocket;
  /** The topic it follows, by public channel. */
  follows: Map<string, string>;
}

/** Which sockets follow which topic of each public channel: what the channels publish to. */
export class TopicFollowers<S extends FollowingSocket> implements Followers {
  /** Sockets by public channel, then by topic. */
  readonly #byChannel = new Map<string, Map<string, Set<S>>>();

  has(channel: string, topic: string): boolean {
    return (this.#byChannel.get(channel)?.get(topic)?.size ?? 0) > 0;
  }

  send(channel: string, topic: string, message: ServerMessage): void {
    const sockets = this.#byChannel.get(channel)?.get(topic);
    if (!sockets || sockets.size === 0) return;
    // Encoded once for every follower: per socket, only the frame is written.
    const data = Buffer.from(JSON.stringify(message));
    for (const follower of sockets) follower.socket.send(data, { binary: false });
  }

  follow(follower: S, channel: string, topic: string): void {
    this.unfollow(follower, channel);
    follower.follows.set(channel, topic);
    const topics = this.#byChannel.get(channel) ?? new Map<string, Set<S>>();
    this.#byChannel.set(channel, topics);
    const sockets = topics.get(topic) ?? new Set<S>();
    topics.set(topic, sockets);
    sockets.add(follower);
  }

  unfollow(follower: S, channel: string): void {
    const topic = follower.follows.get(channel);
    if (topic === undefined) return;
    follower.follows.delete(channel);
    const topics = this.#byChannel.get(channel);
    const sockets = topics?.get(topic);
    sockets?.delete(follower);
    if (sockets?.size === 0) topics?.delete(topic);
    if (topics?.size === 0) this.#byChannel.delete(channel);
  }

  unfollowAll(follower: S): void {
    for (const channel of [...follower.follows.keys()]) this.unfollow(follower, channel);
  }
}
