import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  VerificationPhotoUpload,
  VerificationStatus,
  VerificationSubmitRequest,
} from "@tickfair/contract";
import { useSession } from "../store/session";
import { apiRequest } from "./client";
import { queryClient, queryKeys } from "./query-client";
import { type UploadProgress, uploadMultipart } from "./upload";

/**
 * The user's real-name verification. Its key is here rather than in query-client.ts, which the first
 * page loads: the realtime client, the personal center and the verification page need it.
 */
export const verificationKey = ["verification"] as const;

export function useVerification(enabled = true) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: verificationKey,
    queryFn: ({ signal }) => apiRequest<VerificationStatus>("/v1/verification", { auth: true, signal }),
    enabled: token !== null && enabled,
    // The photo links last minutes: a page opened later asks for fresh ones.
    staleTime: 0,
  });
}

/**
 * Where the verification stands now (a submission's answer, a reviewer's decision over the socket): it
 * goes in as it is, and the personal center's verified badge is fetched again.
 */
export function putVerificationStatus(status: VerificationStatus): void {
  queryClient.setQueryData(verificationKey, status);
  void queryClient.invalidateQueries({ queryKey: queryKeys.me });
}

/** Uploads one ID photo (POST /api/v1/verification/photos) with progress; answers its id. */
export function uploadVerificationPhoto(
  photo: Blob,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<VerificationPhotoUpload> {
  return uploadMultipart<VerificationPhotoUpload>("/v1/verification/photos", photo, onProgress, signal);
}

export function useSubmitVerification() {
  return useMutation({
    mutationFn: (body: VerificationSubmitRequest) =>
      apiRequest<VerificationStatus>("/v1/verification", { method: "POST", body, auth: true }),
    onSuccess: putVerificationStatus,
  });
}
