import { type FullConfig, request } from "@playwright/test";
import type { NoticeList } from "../packages/contract/src/api/content";
import { operatorHeaders } from "./support";

/**
 * Ends the demo's pop-up notice on each server before the journeys run (they are up by now): a dialog over home
 * would stand between every journey and the page it opens. content.journey.ts shows its own pop-up and
 * ends it again.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const servers = new Set(config.projects.map((project) => project.use.baseURL));
  await Promise.all([...servers].map((baseURL) => endPopups(baseURL)));
}

async function endPopups(baseURL: string | undefined): Promise<void> {
  const context = await request.newContext({ baseURL });
  try {
    const headers = await operatorHeaders(context);
    const listed = await context.get("/api/v1/operator/notices?kind=popup", { headers });
    if (!listed.ok())
      throw new Error(`listing the pop-ups answered ${listed.status()}: ${await listed.text()}`);
    for (const popup of ((await listed.json()) as NoticeList).items) {
      if (popup.endsAt !== null) continue;
      const ended = await context.put(`/api/v1/operator/notices/${popup.id}`, {
        headers,
        data: {
          translations: popup.translations,
          link: popup.link,
          imageId: popup.image?.id ?? null,
          startsAt: popup.startsAt,
          endsAt: new Date().toISOString(),
          reason: "Journeys run without the demo pop-up",
        },
      });
      if (!ended.ok())
        throw new Error(`ending pop-up ${popup.id} answered ${ended.status()}: ${await ended.text()}`);
    }
  } finally {
    await context.dispose();
  }
}
