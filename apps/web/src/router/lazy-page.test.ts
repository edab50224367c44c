import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page";

const Greeting = ({ name }: { name: string }) => createElement("h1", null, `Hello ${name}`);

describe("a lazy page", () => {
  it("downloads once, and once downloaded is drawn in its first render", async () => {
    let downloads = 0;
    const Page = lazyPage(async () => {
      downloads += 1;
      return { default: Greeting };
    });
    await Promise.all([Page.preload(), Page.preload()]);
    expect(downloads).toBe(1);
    // The build's prerendering and the browser's hydration draw it so, without a Suspense round.
    expect(renderToString(createElement(Page, { name: "Ada" }))).toBe("<h1>Hello Ada</h1>");
    expect(downloads).toBe(1);
  });

  it("tries a failed download again the next time it is wanted", async () => {
    const answers = [Promise.reject(new Error("offline")), Promise.resolve({ default: Greeting })];
    const Page = lazyPage(() => answers.shift() as Promise<{ default: typeof Greeting }>);
    await expect(Page.preload()).rejects.toThrow("offline");
    await Page.preload();
    expect(renderToString(createElement(Page, { name: "again" }))).toBe("<h1>Hello again</h1>");
    expect(answers).toHaveLength(0);
  });
});
