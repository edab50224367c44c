import { createNotice } from "../content";
import type { ManualClock } from "../platform/clock";
import type { Db } from "../platform/db";

/** A pop-up notice live from now, in the default language only: its id. */
export async function livePopup(t: { db: Db; clock: ManualClock }, reason: string): Promise<string> {
  const id = await createNotice(t.db, t.clock, null, {
    kind: "popup",
    translations: { "zh-CN": { title: "公告", body: "正文" } },
    link: null,
    imageId: null,
    position: 0,
    startsAt: t.clock.now().toISOString(),
    endsAt: null,
    reason,
  });
  return String(id);
}
