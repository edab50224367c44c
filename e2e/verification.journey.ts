import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { encodePng, newMainlandIdNumber } from "./documents";
import {
  ALL_LOCALES,
  confirmDialog,
  ERRORS,
  logInViaForm,
  openInLanguage,
  operatorHeaders,
  registerViaApi,
  SHOT_RUNS,
  signedInUser,
} from "./support";
import { expectPolished, settledShot, shot } from "./support-screens";

const VERIFICATION = "/h5/pages/verify/verify";

/** A real PNG of `width` × `height` in one colour with a lighter band, standing in for a photo of an ID card. */
function cardPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const light = rgb.map((v) => Math.min(255, v + 90)) as [number, number, number];
  return encodePng(width, height, (_x, y) => (y > height / 3 && y < (2 * height) / 3 ? light : rgb));
}

/** This user's one verification in the operator's list of `state`, by account. */
async function submissionOf(request: APIRequestContext, headers: Record<string, string>, account: string) {
  const answer = await request.get("/api/v1/operator/verifications?state=under_review&limit=100", {
    headers,
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = (await answer.json()) as { items: { id: string; user: { account: string } }[] };
  const mine = items.filter((item) => item.user.account.toLowerCase() === account.toLowerCase());
  expect(mine).toHaveLength(1);
  return (mine[0] as { id: string }).id;
}

/** No raw key of the verification texts on screen either. */
async function expectVerificationPolished(page: Page) {
  await expectPolished(page);
  expect(await page.locator("body").innerText()).not.toMatch(/\bverification[.:][a-zA-Z]+/);
}

/** Picks both photos (the front a large one from the album, the back from the camera) and waits for their uploads. */
async function addPhotos(page: Page) {
  const uploaded = () =>
    page
      .waitForResponse(
        (r) => r.url().endsWith("/api/v1/verification/photos") && r.request().method() === "POST",
      )
      .then(async (r) => (await r.json()) as { width: number; height: number });
  const front = uploaded();
  await page.getByTestId("verification-photo-front-input").setInputFiles({
    name: "front.png",
    mimeType: "image/png",
    buffer: cardPng(3160, 2000, [31, 90, 240]),
  });
  // Shrunk on the phone to 2000 px on the long side before upload.
  expect(await front).toMatchObject({ width: 2000, height: 1266 });
  await expect(page.getByTestId("verification-photo-front")).toHaveAttribute("data-status", "done");
  const back = uploaded();
  await page.getByTestId("verification-photo-back-camera").setInputFiles({
    name: "back.png",
    mimeType: "image/png",
    buffer: cardPng(632, 400, [10, 125, 70]),
  });
  // A small one keeps its size.
  expect(await back).toMatchObject({ width: 632, height: 400 });
  await expect(page.getByTestId("verification-photo-back")).toHaveAttribute("data-status", "done");
}

for (const { locale, text } of SHOT_RUNS) {
  /** What the user sees once things have settled (a dialog only when it is the point), from the top. */
  const shoot = (page: Page, name: string, options: { dialog?: boolean } = {}) =>
    settledShot(page, locale, `verification-${name}`, options);
  const submitAndConfirm = async (page: Page, idNumber: string, name: string | null) => {
    await page.getByTestId("verification-submit").click();
    const dialog = page.getByTestId("verification-confirm");
    await expect(dialog).toContainText(idNumber);
    if (name) await shoot(page, name, { dialog: true });
    await confirmDialog(page);
    await expect(page.getByTestId("verification-under-review")).toBeVisible();
    await expect(page.getByTestId("verification-under-review")).toContainText(text.verification.underReview);
  };

  test(`real-name verification in ${locale}: form, under review, rejected live, resubmitted, verified`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const user = await signedInUser(page, request, locale);
    await expect(page.getByTestId("user-verified")).toHaveAttribute("data-state", "not_submitted");
    await page.getByTestId("user-verification").click();
    await expect(page).toHaveURL(/\/h5\/pages\/verify\/verify$/);
    await expect(page.getByTestId("verification-form")).toBeVisible();
    await expectVerificationPolished(page);
    await shoot(page, "form");

    // The form starts from the nationality declared at registration.
    await expect(page.getByTestId("verification-nationality")).toHaveAttribute("data-value", "CN");
    if (locale === "en") {
      // Sent empty: every field says what it needs, the photos the specification's "upload ID photos".
      await page.getByTestId("verification-submit").click();
      await expect(page.getByTestId("verification-name-error")).toHaveText(text.verification.nameRequired);
      await expect(page.getByTestId("verification-id-number-error")).toHaveText(
        text.verification.idNumberRequired,
      );
      await expect(page.getByTestId("verification-photos-error")).toHaveText(
        text.verification.photosRequired,
      );
      await expect(page.getByTestId("verification-nationality-error")).toBeHidden();
      await expectVerificationPolished(page);
      await shoot(page, "form-errors");
    }

    // Checked as the user goes: a Latin name and a mistyped digit are caught before anything is sent,
    // and the number's error says which part is wrong.
    await page.getByTestId("verification-name").fill("Zhang San");
    await page.getByTestId("verification-id-number").fill("110105194912310021");
    await page.getByTestId("verification-id-number").blur();
    await expect(page.getByTestId("verification-name-error")).toHaveText(text.verification.nameInvalidCn);
    await expect(page.getByTestId("verification-id-number-error")).toHaveText(
      ERRORS[locale].ID_NUMBER_CHECK_DIGIT_MISMATCH,
    );
    await page.getByTestId("verification-id-number").fill("110101199013010012");
    await expect(page.getByTestId("verification-id-number-error")).toHaveText(
      ERRORS[locale].ID_NUMBER_BIRTH_DATE_INVALID,
    );
    if (locale === "zh-CN") {
      await page.getByTestId("verification-submit").click();
      await expect(page.getByTestId("verification-photos-error")).toHaveText(
        text.verification.photosRequired,
      );
      await shoot(page, "form-errors");
    }
    const idNumber = newMainlandIdNumber();
    await page.getByTestId("verification-name").fill("张三");
    // Typed with a small x and grouped by spaces, as people do: sent as the card shows it.
    await page
      .getByTestId("verification-id-number")
      .fill(`${idNumber.slice(0, 6)} ${idNumber.slice(6).toLowerCase()}`);
    await expect(page.getByTestId("verification-name-error")).toHaveCount(0);
    await expect(page.getByTestId("verification-id-number-error")).toHaveCount(0);
    await addPhotos(page);
    await expect(page.getByTestId("verification-submit")).toBeEnabled();
    await expectVerificationPolished(page);
    // The submit button fades in from its disabled look once the uploads are done.
    await page.waitForTimeout(400);
    await shoot(page, "form-filled");

    await submitAndConfirm(page, idNumber, "confirm");
    const review = page.getByTestId("verification-under-review");
    // Shown masked only: the birth date in the middle is never on screen.
    await expect(review.getByTestId("verification-status-id")).toContainText("*");
    await expect(review.getByTestId("verification-status-id")).not.toContainText(idNumber.slice(6, 14));
    await expect(review.getByTestId("verification-status-name")).toHaveText("张三");
    for (const side of ["front", "back"]) {
      const thumb = page.getByTestId(`verification-thumb-${side}`);
      await expect(thumb).toBeVisible();
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
    await expectVerificationPolished(page);
    await shoot(page, "under-review");

    // The personal center says where it stands, then back to the page to hear the decision.
    await page.getByTestId("navbar-back").click();
    await expect(page.getByTestId("user-verified")).toHaveAttribute("data-state", "under_review");
    await expect(page.getByTestId("user-verified")).toHaveText(text.user.verificationUnderReview);
    await shoot(page, "user-under-review");
    await page.getByTestId("user-verification").click();
    await expect(page.getByTestId("verification-under-review")).toBeVisible();

    // A reviewer rejects it: the page shows why at once, without a reload.
    const operator = await operatorHeaders(request);
    const first = await submissionOf(request, operator, user.account);
    const note = locale === "en" ? "The back photo is out of focus." : "反面照片不清晰。";
    const reject = await request.post(`/api/v1/operator/verifications/${first}/reject`, {
      headers: operator,
      data: { reason: "photo_blurred", text: note },
    });
    expect(reject.ok(), await reject.text()).toBe(true);
    await expect(page.getByTestId("verification-rejected")).toBeVisible();
    await expect(page.getByTestId("verification-rejected-reason")).toHaveText(
      text.verification.reasons.photo_blurred,
    );
    await expect(page.getByTestId("verification-rejected-text")).toContainText(note);
    await expect(page.getByTestId("verification-name")).toHaveValue("张三");
    await expect(page.getByTestId("verification-nationality")).toHaveAttribute("data-value", "CN");
    await expectVerificationPolished(page);
    await shoot(page, "rejected");

    // Corrected and sent again; the reviewer approves: verified, and the badge in the personal center.
    await page.getByTestId("verification-id-number").fill(idNumber);
    await addPhotos(page);
    await submitAndConfirm(page, idNumber, null);
    const second = await submissionOf(request, operator, user.account);
    expect(second).not.toBe(first);
    const approve = await request.post(`/api/v1/operator/verifications/${second}/approve`, {
      headers: operator,
    });
    expect(approve.ok(), await approve.text()).toBe(true);
    const verified = page.getByTestId("verification-verified");
    await expect(verified).toBeVisible();
    await expect(verified).toContainText(text.verification.verified);
    await expect(verified.getByTestId("verification-status-name")).toHaveText("张三");
    await expect(verified.getByTestId("verification-verified-at")).not.toHaveText("–");
    await expectVerificationPolished(page);
    await shoot(page, "verified");

    await page.getByTestId("verification-back-to-user").click();
    await expect(page).toHaveURL(/\/h5\/pages\/user\/user/);
    await expect(page.getByTestId("user-verified")).toHaveAttribute("data-verified", "true");
    await expect(page.getByTestId("user-verified")).toHaveText(text.user.verified);
    await shoot(page, "user-verified");
  });
}

test("the verification form fits the phone in all ten languages", async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await registerViaApi(request);
  await logInViaForm(page, user.account, user.password);
  for (const locale of ALL_LOCALES) {
    await openInLanguage(page, locale, VERIFICATION, "verification-form");
    await page.getByTestId("verification-submit").click();
    await expect(page.getByTestId("verification-photos-error")).toBeVisible();
    await expectVerificationPolished(page);
    await shot(page, `all/${locale}`, "verification-form-errors");
  }
});
