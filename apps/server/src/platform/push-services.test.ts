import { describe, expect, it } from "vitest";
import { BROWSER_PUSH_SERVICES, isPushServiceEndpoint, parsePushServices } from "./push-services";

const browsers = parsePushServices(BROWSER_PUSH_SERVICES).patterns;
const allowed = (endpoint: string, patterns = browsers) => isPushServiceEndpoint(patterns, endpoint);

describe("a push subscription's endpoint", () => {
  it("is taken at each browser's push service", () => {
    expect(parsePushServices(BROWSER_PUSH_SERVICES).bad).toEqual([]);
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-by3p.notify.windows.com/w/?token=BQYAAA",
    ])
      expect(allowed(endpoint), endpoint).toBe(true);
  });

  it("is refused anywhere else, however it is dressed up", () => {
    for (const endpoint of [
      "https://169.254.169.254/latest/meta-data/",
      "https://localhost/push/1",
      "http://fcm.googleapis.com/fcm/send/1",
      "https://fcm.googleapis.com:8443/fcm/send/1",
      "https://fcm.googleapis.com.evil.example/fcm/send/1",
      "https://evilfcm.googleapis.com/fcm/send/1",
      "https://user:pass@fcm.googleapis.com/fcm/send/1",
      "https://notify.windows.com/w/",
      "ftp://fcm.googleapis.com/1",
      "not a url",
    ])
      expect(allowed(endpoint), endpoint).toBe(false);
  });

  it("is taken at a local push service only where the deployment names it, with any port if it says so", () => {
    const local = parsePushServices("http://127.0.0.1:*").patterns;
    expect(allowed("http://127.0.0.1:40123/push/ab", local)).toBe(true);
    expect(allowed("http://127.0.0.1:40123/push/ab")).toBe(false);
    expect(allowed("http://localhost:40123/push/ab", local)).toBe(false);
    expect(parsePushServices("https://push.example:8443").patterns[0]?.port).toBe("8443");
  });

  it("lists what the configuration cannot read", () => {
    expect(parsePushServices("https://ok.example, fcm.googleapis.com, https://a/b").bad).toEqual([
      "fcm.googleapis.com",
      "https://a/b",
    ]);
  });
});
