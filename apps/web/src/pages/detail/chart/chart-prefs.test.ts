import { describe, expect, it } from "vitest";
import { CHART_PREFS_KEY, DEFAULT_CHART_PREFS, readChartPrefs, writeChartPrefs } from "./chart-prefs";

function memoryStorage(initial?: string) {
  const map = new Map<string, string>(initial === undefined ? [] : [[CHART_PREFS_KEY, initial]]);
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe("chart choices kept on the device", () => {
  it("come back as they were written, indicators in the chart's order", () => {
    const storage = memoryStorage();
    writeChartPrefs(storage, { view: "1w", style: "line", indicators: ["macd", "ma"] });
    expect(readChartPrefs(storage)).toEqual({ view: "1w", style: "line", indicators: ["ma", "macd"] });
  });

  it("fall back to the defaults for what cannot be read, keeping what can", () => {
    expect(readChartPrefs(memoryStorage())).toEqual(DEFAULT_CHART_PREFS);
    expect(readChartPrefs(memoryStorage("{not json"))).toEqual(DEFAULT_CHART_PREFS);
    expect(readChartPrefs(memoryStorage("[1,2]"))).toEqual({ ...DEFAULT_CHART_PREFS, indicators: [] });
    expect(
      readChartPrefs(memoryStorage('{"view":"2m","style":"bars","indicators":["rsi","kdj",3]}')),
    ).toEqual({
      ...DEFAULT_CHART_PREFS,
      indicators: ["rsi"],
    });
  });

  it("are kept for the visit when the store refuses them", () => {
    const full = {
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(() => writeChartPrefs(full, DEFAULT_CHART_PREFS)).not.toThrow();
  });
});
