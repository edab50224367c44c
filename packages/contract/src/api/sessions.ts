import { z } from "zod";
import { isoTime } from "./common";

/** A user's session as its user and operators see it: where it was opened and last used, and when. */
export const sessionSummary = z.object({
  id: z.string(),
  /** The browser and system it was opened from ("Chrome · Android"), when the request said. */
  device: z.string().nullable(),
  /** The address it was opened from, and the one it was last used from (null: before these were kept). */
  firstAddress: z.string().nullable(),
  lastAddress: z.string().nullable(),
  createdAt: isoTime,
  lastSeenAt: isoTime,
});
export type SessionSummary = z.infer<typeof sessionSummary>;

/** One of the signed-in user's live sessions; `current` is the one that asked. */
export const mySession = sessionSummary.extend({ current: z.boolean() });
export type MySession = z.infer<typeof mySession>;

/** The user's live sessions, the most recently active first (at most MY_SESSIONS_SHOWN). */
export const mySessions = z.object({ sessions: z.array(mySession) });
export type MySessions = z.infer<typeof mySessions>;

export const MY_SESSIONS_SHOWN = 100;

/** How many sessions "end all others" ended. */
export const endedSessions = z.object({ ended: z.number().int().nonnegative() });
export type EndedSessions = z.infer<typeof endedSessions>;
