import type { PushKind } from "@tickfair/contract";
import { BASENAME, paths } from "./paths";

/** Where a tap on each kind of push opens the app (a settled contract: its own page). */
export const PUSH_TARGETS: Record<PushKind, string> = {
  contract_settled: `${paths.orderDetail}?id=`,
  deposit_confirmed: paths.depositDetails,
  withdrawal_paid: paths.withdrawDetails,
  withdrawal_rejected: paths.withdrawDetails,
  chat_reply: paths.chat,
  broadcast: paths.messages,
};

/**
 * The service worker's push handlers, as a script the generated worker imports (workbox
 * `importScripts`): a push shows its notification, one per tag; a tap focuses an open window of the
 * app on the push's page, or opens one. Written as source because the worker is not bundled with the
 * app; the targets come from the app's own paths.
 */
export function pushWorkerSource(): string {
  return `"use strict";
const BASE = ${JSON.stringify(BASENAME)};
const TARGETS = ${JSON.stringify(PUSH_TARGETS)};
const ICON = BASE + "/pwa-192x192.png";

function targetOf(push) {
  const target = TARGETS[push.kind] || "${paths.home}";
  return BASE + (push.kind === "contract_settled" && push.ref ? target + encodeURIComponent(push.ref) : target);
}

self.addEventListener("push", (event) => {
  let push;
  try {
    push = event.data && event.data.json();
  } catch (error) {
    return;
  }
  if (!push || typeof push.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      tag: push.tag,
      icon: ICON,
      badge: ICON,
      data: { url: targetOf(push) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || BASE + "/", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(BASE));
      if (!open) return self.clients.openWindow(url);
      return open.focus().then((client) => (client.url === url ? client : client.navigate(url)));
    }),
  );
});
`;
}
