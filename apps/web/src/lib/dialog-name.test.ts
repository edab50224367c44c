import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { named } from "./dialog-name";

const src = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [file] : [];
  });
}

describe("dialogs a screen reader can name", () => {
  it("are named by their title, else their text, else the label they say", () => {
    expect(named({ title: "Take a break?", content: "Until 18:00" })["aria-label"]).toBe("Take a break?");
    expect(named({ content: "Log out?" })["aria-label"]).toBe("Log out?");
    const labelled = named({ label: "Refused by your limit", content: null, title: null });
    expect(labelled["aria-label"]).toBe("Refused by your limit");
    expect(labelled).not.toHaveProperty("label");
  });

  it("are only opened through the named helpers, and every drawn dialog has a name", () => {
    const unnamed: string[] = [];
    for (const file of sources(src)) {
      if (file.endsWith(path.join("lib", "dialogs.ts"))) continue;
      const text = fs.readFileSync(file, "utf8");
      const where = path.relative(src, file);
      if (/\bDialog\.(confirm|alert|show)\(/.test(text)) unnamed.push(`${where}: Dialog.confirm/alert/show`);
      for (const element of text.matchAll(/<Dialog\b[^>]*?>/gs))
        if (!element[0].includes("aria-label")) unnamed.push(`${where}: <Dialog> without aria-label`);
    }
    expect(unnamed).toEqual([]);
  });
});
