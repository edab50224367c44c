import { type APIRequestContext, expect, type Locator, test } from "@playwright/test";
import {
  type ConsoleLocale,
  confirmConsole,
  consoleRuns,
  consoleShot,
  DEMO_ADMIN,
  DEMO_FINANCE,
  expectConsolePolished,
  openConsole,
  openConsoleDesk,
} from "./admin-support";
import { encodePng, newMainlandIdNumber } from "./documents";
import { apiUser, ERRORS } from "./support";

/**
 * A small real PNG that looks like a document's side: a card with a header band and, on the front, a
 * portrait box; `hue` tells the two sides (and the resubmission) apart on the screenshots.
 */
function documentPng(side: "front" | "back", hue: [number, number, number]): Buffer {
  return encodePng(480, 300, (x, y) => {
    const band = y < 60;
    const portrait = side === "front" && x > 330 && x < 450 && y > 90 && y < 270;
    const line = x > 30 && x < 300 && y > 100 && (y - 100) % 40 < 10;
    return band ? hue : portrait ? [150, 150, 160] : line ? [90, 90, 100] : [236, 238, 242];
  });
}

async function uploadPhoto(request: APIRequestContext, auth: Record<string, string>, png: Buffer) {
  const answer = await request.post("/api/v1/verification/photos", {
    headers: auth,
    multipart: { file: { name: "side.png", mimeType: "image/png", buffer: png } },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { photoId: string }).photoId;
}

/** Both sides uploaded, then the submission: what a user does on the H5 verification page. */
async function submitVerification(
  request: APIRequestContext,
  auth: Record<string, string>,
  idNumber: string,
  hue: [number, number, number],
): Promise<void> {
  const frontPhotoId = await uploadPhoto(request, auth, documentPng("front", hue));
  const backPhotoId = await uploadPhoto(request, auth, documentPng("back", hue));
  const answer = await request.post("/api/v1/verification", {
    headers: auth,
    data: { name: "张三", idNumber, nationality: "CN", frontPhotoId, backPhotoId },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

async function verificationOf(request: APIRequestContext, auth: Record<string, string>) {
  const answer = await request.get("/api/v1/verification", { headers: auth });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as { state: string; rejection: { reason: string; text: string } | null };
}

/** Waits until the image has arrived and decoded: a broken link leaves naturalWidth at 0. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0)))
    .toBeGreaterThan(0);
}

/** What the reviewer writes to the user, in the language they work in. */
const REASON_TEXTS: Record<ConsoleLocale, string> = {
  "zh-CN": "正面照片模糊，请在光线充足的地方重新拍摄。",
  en: "The front photo is blurred: please photograph it again in good light.",
};

for (const { locale, text } of consoleRuns()) {
  test(`an admin reviews a real-name verification: rejects, then approves the correction (${locale})`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const v = text.verifications;
    const { auth, ...user } = await apiUser(request);
    const idNumber = newMainlandIdNumber();
    await submitVerification(request, auth, idNumber, [200, 60, 60]);
    expect((await verificationOf(request, auth)).state).toBe("under_review");

    await openConsole(page, locale, DEMO_ADMIN);

    // ── The dashboard counts the verifications waiting, beside the cashier's queues ─────────────
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId("queue-verifications")).toContainText(text.dashboard.queue.verifications);
    await expect(page.getByTestId("queue-verifications-age")).toBeVisible();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "verifications-dashboard");

    // ── The queue: the submission waits, with the ID number masked ──────────────────────────────
    await page.getByTestId("nav-verifications").click();
    await expect(page).toHaveURL(/\/admin\/verifications$/);
    const table = page.getByTestId("verifications-table");
    const row = table.locator("tbody tr", { hasText: user.account });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("张三");
    await expect(row).toContainText("(CN)");
    await expect(row).toContainText(v.states.under_review);
    // Masked: the reviewer reads the number on the photo, not in the list.
    await expect(row).not.toContainText(idNumber);
    await expect(row).toContainText(/\*{4,}/);
    await expectConsolePolished(page);
    await consoleShot(page, locale, "verifications-queue");

    // ── The drawer: both photos load, the submission and the user beside them ───────────────────
    // Each answer is an audited view with fresh links: counted, to see them asked for only when needed.
    const detailAsked: string[] = [];
    page.on("request", (sent) => {
      if (sent.method() === "GET" && /\/operator\/verifications\/\d+$/.test(sent.url()))
        detailAsked.push(sent.url());
    });
    // The first answer's links are made out to have expired already (they still work on the server).
    await page.route(
      /\/api\/v1\/operator\/verifications\/\d+$/,
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { photos: Record<string, { expiresAt: string }> };
        for (const link of Object.values(body.photos))
          link.expiresAt = new Date(Date.now() - 60_000).toISOString();
        await route.fulfill({ response, json: body });
      },
      { times: 1 },
    );
    await row.getByTestId("verification-open").click();
    const drawer = page.getByTestId("verification-drawer");
    const front = drawer.getByTestId("verification-photo-front").locator("img");
    const back = drawer.getByTestId("verification-photo-back").locator("img");
    await expectLoaded(front);
    await expectLoaded(back);
    await expect(drawer.getByTestId("verification-submission")).toContainText("张三");
    await expect(drawer.getByTestId("verification-user")).toContainText(user.account);
    await expect(drawer.getByTestId("verification-history")).toContainText(v.noHistory);
    await expectConsolePolished(page);
    // The pointer rests on the drawer's title, not on a photo (whose hover mask would cover it).
    await drawer.locator(".ant-drawer-title").hover();
    await consoleShot(page, locale, "verifications-drawer");

    expect(detailAsked).toHaveLength(1);

    // The full number, to hold against the photo: asked for on purpose, each look audited.
    const idShown = drawer.getByTestId("verification-id-number");
    await expect(idShown).not.toHaveText(idNumber);
    await drawer.getByTestId("verification-id-number-reveal").click();
    await expect(idShown).toHaveText(idNumber);
    await expect(drawer.getByTestId("verification-submission")).toContainText(v.idNumberAudited);
    await consoleShot(page, locale, "verifications-id-number");

    // The full-size photo opens with antd's toolbar (rotate it, zoom in), on links renewed first.
    await drawer.getByTestId("verification-photo-front").click();
    const preview = page.locator(".ant-image-preview-wrap").filter({ visible: true });
    await expect(preview).toBeVisible();
    await expect.poll(() => detailAsked.length).toBe(2);
    await expectLoaded(preview.locator("img.ant-image-preview-img"));
    await page.locator(".ant-image-preview-operations-operation-rotateRight").click();
    await page.locator(".ant-image-preview-operations-operation-zoomIn").click();
    await consoleShot(page, locale, "verifications-preview");
    await page.keyboard.press("Escape");
    await expect(preview).toHaveCount(0);
    // Fresh links now: opening the preview again asks for nothing.
    await drawer.getByTestId("verification-photo-back").click();
    await expectLoaded(preview.locator("img.ant-image-preview-img"));
    await page.keyboard.press("Escape");
    await expect(preview).toHaveCount(0);
    expect(detailAsked).toHaveLength(2);

    // ── Reject: a reason and a text; a text the server refuses is reported in the console's language
    await drawer.getByTestId("verification-reject").click();
    const modal = page.locator(".ant-modal").filter({ hasText: v.rejectTitle });
    const rejectButton = modal.locator(".ant-modal-footer .ant-btn-dangerous");
    // A click while the dialog still zooms in can land before its form listens (seen on a loaded machine).
    await expect(modal).not.toHaveClass(/ant-zoom/);
    await rejectButton.click();
    await expect(modal).toContainText(v.reasonRequired);
    await page.getByTestId("verification-reject-reason").click();
    await page.locator(".ant-select-item-option", { hasText: v.reasons.photo_blurred }).click();
    await page.getByTestId("verification-reject-text").fill("ab");
    await rejectButton.click();
    await expect(modal).toContainText(text.review.reasonTooShort);
    const reasonText = REASON_TEXTS[locale];
    await page.getByTestId("verification-reject-text").fill(reasonText);
    // As if the text had changed on the way: the server's refusal shows in the form.
    await page.route(
      "**/api/v1/operator/verifications/*/reject",
      (route) =>
        route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), text: " . " }) }),
      { times: 1 },
    );
    // The server's answer is awaited as long as the journey may take (two journeys and their browsers
    // share the machine in CI), then the form must show it at once.
    const refused = page.waitForResponse((response) =>
      /\/operator\/verifications\/[^/]+\/reject$/.test(response.url()),
    );
    await rejectButton.click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByTestId("verification-reject-error")).toHaveText(ERRORS[locale].REASON_REQUIRED);
    await consoleShot(page, locale, "verifications-reject-refused");
    await rejectButton.click();
    await expect(page.getByText(v.rejected)).toBeVisible();
    await expect(modal).toHaveCount(0);
    await expect(drawer.getByTestId("verification-submission")).toContainText(v.reasons.photo_blurred);
    await expect(drawer.getByTestId("verification-reject")).toHaveCount(0);
    await consoleShot(page, locale, "verifications-rejected");

    const rejected = await verificationOf(request, auth);
    expect(rejected.state).toBe("rejected");
    expect(rejected.rejection).toEqual({ reason: "photo_blurred", text: reasonText });

    // The queue refreshed: the submission left it, and is listed among the rejected.
    await drawer.locator(".ant-drawer-close").click();
    await expect(row).toHaveCount(0);
    await page.getByTestId("verification-state-filter").getByText(v.states.rejected).click();
    await expect(page).toHaveURL(/state=rejected/);
    await expect(table.locator("tbody tr", { hasText: user.account })).toContainText(v.states.rejected);

    // ── The user corrects and submits again: it arrives in the open queue live, with no reload;
    // the reviewer sees the earlier rejection ─────────────────────────────────────────────────────
    await page.getByTestId("verification-state-filter").getByText(v.states.under_review).click();
    const again = table.locator("tbody tr", { hasText: user.account });
    await expect(again).toHaveCount(0);
    await submitVerification(request, auth, idNumber, [40, 110, 200]);
    await expect(again).toContainText(v.states.under_review);
    await again.getByTestId("verification-open").click();
    await expectLoaded(front);
    await expectLoaded(back);
    const earlier = drawer.getByTestId("verification-history-entry");
    await expect(earlier).toHaveCount(1);
    await expect(earlier).toContainText(v.reasons.photo_blurred);
    await expect(earlier).toContainText(reasonText);
    await expect(earlier).toContainText(DEMO_ADMIN.username);
    await drawer.getByTestId("verification-history").scrollIntoViewIfNeeded();
    await drawer.locator(".ant-drawer-title").hover();
    await expectConsolePolished(page);
    await consoleShot(page, locale, "verifications-history");

    // ── Approve, after the confirmation ─────────────────────────────────────────────────────────
    await drawer.getByTestId("verification-approve").click();
    await expect(page.locator(".ant-modal-confirm-title")).toContainText(user.account);
    await consoleShot(page, locale, "verifications-approve-confirm");
    await confirmConsole(page, page.getByText(v.approved));
    await expect(drawer.getByTestId("verification-submission")).toContainText(v.states.verified);
    await expect(drawer.getByTestId("verification-approve")).toHaveCount(0);
    await drawer.locator(".ant-drawer-title").hover();
    await consoleShot(page, locale, "verifications-approved");
    expect((await verificationOf(request, auth)).state).toBe("verified");
    await drawer.locator(".ant-drawer-close").click();
    await expect(table.locator("tbody tr", { hasText: user.account })).toHaveCount(0);

    // ── Finance reviews money, not identities: no menu entry, and the page refused ──────────────
    const finance = await openConsoleDesk(browser, locale, DEMO_FINANCE);
    await expect(finance.getByTestId("nav-deposits")).toBeVisible();
    await expect(finance.getByTestId("nav-verifications")).toHaveCount(0);
    await finance.goto("/admin/verifications");
    await expect(finance.getByText(text.shell.forbiddenTitle)).toBeVisible();
    await expectConsolePolished(finance);
    await consoleShot(finance, locale, "verifications-finance");
    await finance.context().close();
  });
}
