import { useMutation } from "@tanstack/react-query";
import { useRef } from "react";
import { createSubmissionKey, type SubmissionKey } from "../lib/submission-key";
import { apiRequest, newIdempotencyKey } from "./client";

/** Where a money request goes: a POST to `path`, with `body` when it has one. */
export interface MoneyRequest {
  path: string;
  body?: unknown;
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
      const { path, body } = request(variables);
      return apiRequest<R>(path, {
        method: "POST",
        body,
        auth: true,
        headers: { "Idempotency-Key": keys.keyFor(variables) },
      });
    },
    onSuccess: (answer) => {
      keys.reset();
      onSuccess(answer);
    },
  });
}
