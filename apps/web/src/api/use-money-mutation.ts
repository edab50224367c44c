import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { createSubmissionKey, type SubmissionKey } from "../lib/submission-key";
import { apiRequest, newIdempotencyKey } from "./client";

/** Where a money request goes: a POST to `path`, with `body` when it has one and any other headers. */
export interface MoneyRequest {
  path: string;
  body?: unknown;
  /** Headers that are not the request's identity (a step-up token): a retry with new ones keeps its key. */
  headers?: Record<string, string>;
}

/**
 * A POST that moves money, sent with an Idempotency-Key (see lib/submission-key): sending the same
 * variables again after a network failure or a timeout reuses the key, so the server replays its first
 * answer instead of moving the money twice; after a success the next submission gets a new key.
 */
export function useMoneyMutation<V, R>(
  request: (variables: V) => MoneyRequest,
  onSuccess: (answer: R) => void,
) {
  const ref = useRef<SubmissionKey | null>(null);
  ref.current ??= createSubmissionKey(newIdempotencyKey);
  const keys = ref.current;
  return useMutation({
    mutationFn: (variables: V) => {
      const { path, body, headers } = request(variables);
      return apiRequest<R>(path, {
        method: "POST",
        body,
        auth: true,
        headers: { ...headers, "Idempotency-Key": keys.keyFor({ path, body }) },
      });
    },
    onSuccess: (answer) => {
      keys.reset();
      onSuccess(answer);
    },
  });
}
