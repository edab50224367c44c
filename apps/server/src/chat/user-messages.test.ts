import { describe, expect, it } from "vitest";
import { registerAndLogin } from "../test/fixtures";
import { useTestApp } from "../test/harness";
import { uploadChatPhoto } from "../test/verification-fixtures";
import { appendUserMessages, type UserMessage, UserMessageDesk } from "./user-messages";

const PER_MINUTE = 5;
const t = useTestApp({ CHAT_MESSAGES_PER_MINUTE: PER_MINUTE });

let keys = 0;
const key = () => `batch-${++keys}`;
const text = (userId: bigint, body: string, clientKey = key()): UserMessage => ({
  userId,
  message: { body, clientKey },
});

/** The conversation's messages as stored, oldest first. */
async function stored(userId: bigint) {
  return t.db
    .selectFrom("chat_messages as m")
    .innerJoin("conversations as c", "c.id", "m.conversation_id")
    .select(["m.seq", "m.body", "m.client_key", "c.last_seq", "c.waiting_since", "c.state"])
    .where("c.user_id", "=", userId)
    .orderBy("m.seq")
    .execute();
}

describe("users' messages stored in batches", () => {
  it("gives each message of a batch the next number of its own conversation, and judges each on its own", async () => {
    const [ann, bob, cat, dan] = await Promise.all([1, 2, 3, 4].map(() => registerAndLogin(t)));
    if (!ann || !bob || !cat || !dan) throw new Error("four users");
    const now = t.clock.now();
    // Dan is at the per-minute limit already.
    await appendUserMessages(
      t.db,
      Array.from({ length: PER_MINUTE }, (_, n) => text(dan.userId, `earlier ${n}`)),
      now,
      PER_MINUTE,
    ).then(async (outcomes) => {
      // One message of a user per batch: the rest are sent alone.
      expect(outcomes.filter((o) => "stored" in o)).toHaveLength(1);
      for (let n = 1; n < PER_MINUTE; n++)
        await appendUserMessages(t.db, [text(dan.userId, `earlier again ${n}`)], now, PER_MINUTE);
    });
    const annFirst = text(ann.userId, "hello");
    await appendUserMessages(t.db, [annFirst], now, PER_MINUTE);

    const outcomes = await appendUserMessages(
      t.db,
      [
        text(ann.userId, "second from ann"),
        text(bob.userId, "first from bob"),
        text(cat.userId, ""),
        text(dan.userId, "one too many"),
        text(bob.userId, "bob again, same batch"),
        { userId: ann.userId, message: annFirst.message },
      ],
      now,
      PER_MINUTE,
    );
    expect(outcomes[0]).toMatchObject({ stored: { seq: 2n, created: true, userId: ann.userId } });
    expect(outcomes[1]).toMatchObject({ stored: { seq: 1n, created: true, userId: bob.userId } });
    expect(outcomes[2]).toMatchObject({ refused: { code: "REQUIRED" } });
    expect(outcomes[3]).toMatchObject({ refused: { code: "CHAT_RATE_LIMITED" } });
    expect(outcomes[4]).toEqual({ alone: true });
    // Ann's resend of her first message in the batch behind her second: sent alone, after it.
    expect(outcomes[5]).toEqual({ alone: true });

    expect((await stored(ann.userId)).map((m) => [m.seq, m.body])).toEqual([
      [1n, "hello"],
      [2n, "second from ann"],
    ]);
    expect(await stored(bob.userId)).toMatchObject([
      { seq: 1n, body: "first from bob", last_seq: 1n, state: "open" },
    ]);
    expect((await stored(bob.userId))[0]?.waiting_since).toEqual(now);
    expect(await stored(cat.userId)).toEqual([]);
    expect(await stored(dan.userId)).toHaveLength(PER_MINUTE);

    const resent = await appendUserMessages(
      t.db,
      [{ userId: ann.userId, message: annFirst.message }],
      now,
      PER_MINUTE,
    );
    expect(resent[0]).toMatchObject({ stored: { seq: 1n, created: false } });
    expect(await stored(ann.userId)).toHaveLength(2);
  });

  it("refuses a photo that is not the sender's own without holding back the others of the batch", async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const photoId = await uploadChatPhoto(t.app, owner.auth);

    const outcomes = await appendUserMessages(
      t.db,
      [
        { userId: other.userId, message: { body: "", photoId, clientKey: key() } },
        { userId: owner.userId, message: { body: "", photoId, clientKey: key() } },
      ],
      t.clock.now(),
      PER_MINUTE,
    );
    expect(outcomes[0]).toMatchObject({ refused: { code: "PHOTO_INVALID" } });
    expect(outcomes[1]).toMatchObject({ stored: { seq: 1n, created: true } });
    expect(await stored(other.userId)).toEqual([]);
  });

  it("stores every message of many senders at once exactly once, numbered without gaps, resends included", async () => {
    const desk = new UserMessageDesk(t.db, t.clock, PER_MINUTE);
    const users = await Promise.all(Array.from({ length: 8 }, () => registerAndLogin(t)));
    const sends = users.flatMap((user) =>
      Array.from({ length: 4 }, (_, n) => ({
        userId: user.userId,
        message: { body: `m${n}`, clientKey: key() },
      })),
    );
    // Every message sent twice at once, as an outbox that lost the first answer would.
    const answers = await Promise.all(
      [...sends, ...sends].map((send) => desk.send(send.userId, send.message)),
    );
    for (const [index, send] of sends.entries()) {
      const first = answers[index];
      const second = answers[index + sends.length];
      expect(second?.seq, `${send.message.body} of user ${send.userId}`).toBe(first?.seq);
      expect([first?.created, second?.created].filter(Boolean)).toHaveLength(1);
    }
    for (const user of users) {
      const messages = await stored(user.userId);
      expect(messages.map((m) => m.seq)).toEqual([1n, 2n, 3n, 4n]);
      expect(new Set(messages.map((m) => m.client_key)).size).toBe(4);
      expect(messages[0]?.last_seq).toBe(4n);
    }
  });
});
