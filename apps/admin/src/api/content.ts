import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  ContentDocument,
  ContentDocumentInput,
  ContentDocumentList,
  ContentKind,
  ContentVersionInput,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";

const contentKeys = {
  all: ["content"] as const,
  list: (kinds: readonly ContentKind[]) => ["content", "list", ...kinds] as const,
  document: (id: string) => ["content", "document", id] as const,
};

/** The documents of some kinds (without their versions), one request per kind, newest first each. */
export function useContentList(kinds: readonly ContentKind[]) {
  return useQuery({
    queryKey: contentKeys.list(kinds),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        kinds.map((kind) => apiRequest<ContentDocumentList>(`/operator/content?kind=${kind}`, { signal })),
      );
      return lists.flatMap((list) => list.items);
    },
  });
}

/** One document with its versions, newest first; nothing is asked while no document is open. */
export function useContentDocument(id: string | null) {
  return useQuery({
    queryKey: contentKeys.document(id ?? ""),
    queryFn: ({ signal }) =>
      apiRequest<ContentDocument>(`/operator/content/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: id !== null,
  });
}

// A failed change may still have been made (a timeout after the server applied it): ask again either way.
const refreshContent = () => queryClient.invalidateQueries({ queryKey: contentKeys.all });

/** A new document with its first version (audited); about, privacy and agreement exist once each. */
export function useCreateContent() {
  return useMutation({
    mutationFn: (body: ContentDocumentInput) =>
      apiRequest<ContentDocument>("/operator/content", { method: "POST", body }),
    onSettled: refreshContent,
  });
}

/** A new version of a document (audited), published now or at a later time. */
export function useAddContentVersion() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ContentVersionInput }) =>
      apiRequest<ContentDocument>(`/operator/content/${encodeURIComponent(id)}/versions`, {
        method: "POST",
        body,
      }),
    onSettled: refreshContent,
  });
}
