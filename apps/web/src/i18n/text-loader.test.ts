import type { Locale } from "@tickfair/contract";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { createTextLoader, type Messages } from "./text-loader";

/** Texts served by a fake network: downloads are counted, can be held back and can fail. */
function fakeNetwork() {
  const downloads: string[] = [];
  const held = new Map<string, Promise<void>>();
  const failing = new Set<string>();
  async function download(file: string, messages: Messages): Promise<Messages> {
    downloads.push(file);
    await held.get(file);
    if (failing.has(file)) throw new TypeError(`Failed to fetch dynamically imported module: ${file}`);
    return messages;
  }
  return {
    downloads,
    failing,
    /** Holds back the download of `file` until the returned function is called. */
    hold(file: string): () => void {
      let release: () => void = () => {};
      held.set(
        file,
        new Promise((resolve) => {
          release = resolve;
        }),
      );
      return release;
    },
    files: {
      core: (lng: Locale) => download(`${lng}`, { common: { back: `${lng} back` } }),
      group: (lng: Locale, group: string) =>
        download(`${lng}/${group}`, { [group]: { title: `${lng} ${group}` } }),
    },
  };
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function setup() {
  const network = fakeNetwork();
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: {},
    partialBundledLanguages: true,
    fallbackLng: false,
    showSupportNotice: false,
  });
  const texts = createTextLoader(network.files, (lng, messages) => {
    i18n.addResourceBundle(lng, "translation", messages, true, true);
  });
  /** What index.ts does: the language's texts first, then the switch. */
  const switchTo = (lng: Locale) =>
    texts.switchLanguage(lng, async () => {
      await texts.loadLanguage(lng);
      await i18n.changeLanguage(lng);
    });
  return { network, i18n, texts, switchTo };
}

describe("createTextLoader", () => {
  it("merges the core and each group into one tree, downloading each file once", async () => {
    const { network, i18n, texts, switchTo } = await setup();
    await switchTo("en");
    await texts.loadGroups(["orders"]);
    await texts.loadGroups(["orders", "user"]);
    expect(i18n.t("common.back")).toBe("en back");
    expect(i18n.t("orders.title")).toBe("en orders");
    expect(i18n.t("user.title")).toBe("en user");
    expect(network.downloads).toEqual(["en", "en/orders", "en/user"]);
  });

  it("loads a language's core and every group used so far before switching to it", async () => {
    const { network, i18n, texts, switchTo } = await setup();
    await switchTo("en");
    await texts.loadGroups(["orders", "user"]);
    const release = network.hold("fr/user");
    const switching = switchTo("fr");
    await settle();
    expect(i18n.language).toBe("en");
    release();
    await switching;
    expect(i18n.language).toBe("fr");
    expect(i18n.t("common.back")).toBe("fr back");
    expect(i18n.t("orders.title")).toBe("fr orders");
    expect(i18n.t("user.title")).toBe("fr user");
  });

  it("loads a screen's groups in the language it will be shown in: after the boot or a switch under way", async () => {
    const { network, i18n, texts, switchTo } = await setup();
    const beforeBoot = texts.loadGroups(["orders"]);
    await switchTo("en");
    await beforeBoot;
    expect(i18n.t("orders.title")).toBe("en orders");

    const release = network.hold("fr");
    void switchTo("fr");
    await settle();
    // The switch has listed the groups it loads; this screen's is not among them.
    const screen = texts.loadGroups(["user"]);
    release();
    await screen;
    expect(i18n.language).toBe("fr");
    expect(i18n.t("user.title")).toBe("fr user");
    // The boot downloaded the first screen's group along with the core; no group twice, none for "en".
    expect(network.downloads).toEqual(["en", "en/orders", "fr", "fr/orders", "fr/user"]);
  });

  it("downloads a failed file again, and a failed switch leaves the language on screen", async () => {
    const { network, i18n, texts, switchTo } = await setup();
    await switchTo("en");
    network.failing.add("en/orders");
    await expect(texts.loadGroups(["orders"])).rejects.toThrow(/orders/);
    network.failing.clear();
    await texts.loadGroups(["orders"]);
    expect(i18n.t("orders.title")).toBe("en orders");

    network.failing.add("de/orders");
    await expect(switchTo("de")).rejects.toThrow(/de\/orders/);
    expect(i18n.language).toBe("en");
    await texts.loadGroups(["user"]);
    expect(i18n.t("user.title")).toBe("en user");

    network.failing.clear();
    await switchTo("de");
    expect(i18n.t("orders.title")).toBe("de orders");
    expect(i18n.t("user.title")).toBe("de user");
    expect(network.downloads.filter((file) => file === "en/orders")).toHaveLength(2);
  });
});
