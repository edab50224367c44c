import { REQUEST_TIMEOUT_MS, requestHeaders } from "@tickfair/browser/http-client";
import { useSession } from "../store/session";
import { API_PREFIX, apiConfig, sessionRefused } from "./client";
import { ApiError, apiErrorFromResponse, NETWORK_ERROR, TIMEOUT } from "./errors";

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * Posts `file` as the multipart field "file" to `path` (under /api) with upload progress, the session
 * token and the 60 s timeout; answers the parsed reply. XMLHttpRequest because fetch reports no upload
 * progress.
 */
export function uploadMultipart<T>(
  path: string,
  file: Blob,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  const token = useSession.getState().token;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_PREFIX}${path}`);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    for (const [name, value] of Object.entries(requestHeaders(apiConfig, token)))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText === "" ? undefined : JSON.parse(xhr.responseText);
      } catch {
        payload = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(payload as T);
        return;
      }
      if (xhr.status === 401 && token) sessionRefused(token);
      reject(apiErrorFromResponse(xhr.status, payload));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR, 0));
    xhr.ontimeout = () => reject(new ApiError(TIMEOUT, 0));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file instanceof File ? file.name : "photo.jpg");
    xhr.send(form);
  });
}
