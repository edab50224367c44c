import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Locale, OkResponse, PushKey, PushSubscription, PushSubscriptions } from "@tickfair/contract";
import { apiRequest } from "./client";

/**
 * What this browser can do about push: `ready` (it may subscribe), `install` (iOS: only an app added
 * to the home screen can get pushes), `blocked` (the user refused notifications for the site; only
 * the browser's settings can undo it), `unsupported` (no Push API or no service worker here).
 */
export type PushSupport = "ready" | "install" | "blocked" | "unsupported";

export interface PushState {
  support: PushSupport;
  /** This browser's subscription, as the server keeps it (null: not subscribed here). */
  subscription: PushSubscription | null;
}

const pushKeys = { state: ["push", "state"] as const };
const SERVICE_WORKER_WAIT_MS = 5_000;

function isIosTab(): boolean {
  const ios =
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const installed =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.("(display-mode: standalone)").matches === true;
  return ios && !installed;
}

export function pushSupport(): PushSupport {
  if (isIosTab()) return "install";
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window))
    return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  return "ready";
}

/** The app's service worker once it is active, or null when none comes (a build without one). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

async function browserSubscription(): Promise<globalThis.PushSubscription | null> {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

const listSubscriptions = () => apiRequest<PushSubscriptions>("/v1/me/push-subscriptions", { auth: true });

const saveSubscription = (subscription: globalThis.PushSubscription, locale: Locale) =>
  apiRequest<PushSubscription>("/v1/me/push-subscriptions", {
    method: "POST",
    auth: true,
    body: { ...subscription.toJSON(), locale },
  });

async function readState(locale: Locale): Promise<PushState> {
  const support = pushSupport();
  if (support === "install" || support === "unsupported") return { support, subscription: null };
  const [here, kept] = await Promise.all([browserSubscription(), listSubscriptions()]);
  const mine = here ? (kept.subscriptions.find((row) => row.endpoint === here.endpoint) ?? null) : null;
  // The app's language changed since subscribing: pushes follow it.
  if (here && mine && mine.locale !== locale)
    return { support, subscription: await saveSubscription(here, locale) };
  return { support, subscription: mine };
}

export function usePushState(locale: Locale) {
  return useQuery({ queryKey: [...pushKeys.state, locale], queryFn: () => readState(locale) });
}

export function useRefreshPushState() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: pushKeys.state });
}

const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, index) => byte === b[index]);

/**
 * Asks the browser's permission, subscribes with the server's key (again if the key changed since) and
 * tells the server. Answers "blocked" when the user refused, "unsupported" when no worker came.
 */
export async function enablePush(locale: Locale): Promise<"on" | "blocked" | "dismissed" | "unsupported"> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "dismissed";
  const registration = await workerRegistration();
  if (!registration) return "unsupported";
  const { publicKey } = await apiRequest<PushKey>("/v1/push/key");
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await saveSubscription(subscription, locale);
  return "on";
}

/** Stops pushes to this browser: the server forgets the subscription, and the browser ends it. */
export async function disablePush(): Promise<void> {
  const here = await browserSubscription();
  if (!here) return;
  const kept = await listSubscriptions();
  const mine = kept.subscriptions.find((row) => row.endpoint === here.endpoint);
  if (mine)
    await apiRequest<OkResponse>(`/v1/me/push-subscriptions/${mine.id}`, { method: "DELETE", auth: true });
  await here.unsubscribe();
}
