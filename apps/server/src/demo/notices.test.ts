import { LOCALES } from "@tickfair/contract";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { liveBanners, livePopup } from "../content/live-notices";
import { ManualClock } from "../platform/clock";
import { createTestDb, type TestDb } from "../test/harness";
import { seedDemoNotices } from "./notices";

let testDb: TestDb;
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(async () => {
  await testDb.destroy();
});

describe("demo banners and pop-up", () => {
  it("shows two banners with images and a pop-up in each locale's own language, seeded once", async () => {
    const clock = new ManualClock();
    await seedDemoNotices(testDb.db, clock);
    await seedDemoNotices(testDb.db, clock);
    for (const locale of LOCALES) {
      const banners = (await liveBanners(testDb.db, locale, clock.now())).items;
      expect(banners.map((banner) => [banner.locale, banner.image?.width, banner.image?.height])).toEqual([
        [locale, 1029, 450],
        [locale, 1029, 450],
      ]);
      const { popup } = await livePopup(testDb.db, locale, clock.now());
      expect(popup).toMatchObject({ locale, version: 1, link: "/pages/aboutUs/aboutUs" });
    }
  });
});
