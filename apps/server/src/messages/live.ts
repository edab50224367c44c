import { perUserMessage, type UserEventRenderer } from "../platform/realtime";

/** "inbox.changed" as the user's open apps hear it: ask for the unread count again. */
export const personalInboxUpdates: UserEventRenderer<bigint> = perUserMessage(async () => ({
  type: "inbox.changed",
  scope: "personal",
}));

/** "broadcast.published" as every signed-in app hears it. */
export const broadcastAnnouncements = {
  encode: (id: bigint) => id.toString(),
  decode: (wire: string) => BigInt(wire),
  render: () => ({ type: "inbox.changed", scope: "broadcast" }) as const,
};
