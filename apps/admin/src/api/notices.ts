import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  ContentNotice,
  ContentNoticeKind,
  NoticeInput,
  NoticeList,
  NoticeUpdate,
  PublicImage,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { queryClient } from "./query-client";

const noticeKeys = {
  all: ["notices"] as const,
  list: (kind: ContentNoticeKind) => ["notices", kind] as const,
};

/** The banners (in carousel order) or the pop-ups (newest first). */
export function useNotices(kind: ContentNoticeKind) {
  return useQuery({
    queryKey: noticeKeys.list(kind),
    queryFn: ({ signal }) => apiRequest<NoticeList>(`/operator/notices?kind=${kind}`, { signal }),
  });
}

// A failed change may still have been made (a timeout after the server applied it): ask again either way.
const refreshNotices = () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });

/** A new banner or pop-up, or a change of one (audited; a new text bumps a pop-up's version). */
export function useSaveNotice() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: NoticeInput | NoticeUpdate }) =>
      id
        ? apiRequest<ContentNotice>(`/operator/notices/${encodeURIComponent(id)}`, { method: "PUT", body })
        : apiRequest<ContentNotice>("/operator/notices", { method: "POST", body }),
    onSettled: refreshNotices,
  });
}

/** An image for a banner or pop-up, into the public store (re-encoded by the server). */
export function useUploadPublicImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file, file.name);
      return apiRequest<PublicImage>("/operator/images", { method: "POST", body });
    },
  });
}
