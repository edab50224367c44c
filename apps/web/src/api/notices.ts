import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LivePopup } from "@tickfair/contract";
import { bannersQuery, NOTICES_STALE_MS } from "./banners-query";
import { apiRequest } from "./client";

/** The pop-up versions dismissed on this device while signed out: `{ [id]: version }`. */
const SEEN_KEY = "tickfair.popupSeen";

export function useLiveBanners(locale: string) {
  return useQuery(bannersQuery(locale));
}

function seenHere(): Record<string, number> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? "{}");
    return stored && typeof stored === "object" ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * The pop-up to show now, if any: a signed-in user's dismissals are kept by the server (they follow
 * the user to every device), a visitor's by this device.
 */
export function usePopup(locale: string, signedIn: boolean) {
  return useQuery({
    queryKey: ["content", "popup", locale, signedIn],
    queryFn: async ({ signal }) => {
      if (signedIn)
        return (await apiRequest<LivePopup>("/v1/content/popup/unseen", { auth: true, signal })).popup;
      const { popup } = await apiRequest<LivePopup>("/v1/content/popup", { signal });
      return popup && (seenHere()[popup.id] ?? 0) >= popup.version ? null : popup;
    },
    staleTime: NOTICES_STALE_MS,
  });
}

/** Dismisses a pop-up's version: on the server for a signed-in user, on this device otherwise. */
export function useDismissPopup(signedIn: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (popup: { id: string; version: number }) => {
      if (signedIn)
        await apiRequest<null>(`/v1/content/popup/${popup.id}/seen`, {
          method: "POST",
          auth: true,
          body: { version: popup.version },
        });
      else localStorage.setItem(SEEN_KEY, JSON.stringify({ ...seenHere(), [popup.id]: popup.version }));
    },
    onSettled: () => queryClient.setQueriesData({ queryKey: ["content", "popup"] }, null),
  });
}
