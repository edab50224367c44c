import { z } from "zod";
import { accountSummary } from "./auth";

/**
 * The one WebSocket at /api/ws. The client authenticates with its first message; the server then
 * pushes the user's own events. Later capabilities add message types here.
 */
export const clientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("auth"), token: z.string().max(200) }),
  z.object({ type: z.literal("ping") }),
]);
export type ClientMessage = z.infer<typeof clientMessage>;

export const serverMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready") }),
  z.object({ type: z.literal("pong") }),
  z.object({ type: z.literal("error"), code: z.string() }),
  /** Sent after every movement of the user's money, with the figures as they now stand. */
  z.object({ type: z.literal("account.updated"), summary: accountSummary }),
]);
export type ServerMessage = z.infer<typeof serverMessage>;
