import type {
  ChatHistory,
  ChatMessage,
  ChatRatingRequest,
  ChatReadRequest,
  ChatSendRequest,
  VerificationPhotoUpload,
} from "@tickfair/contract";
import { apiRequest } from "./client";
import { uploadMultipart } from "./upload";

/** The page of history the chat screen asks for at a time. */
export const CHAT_PAGE_SIZE = 30;

/** A page of the conversation, newest first: the latest one, or the one before `before`. */
export function fetchChatHistory(before?: string): Promise<ChatHistory> {
  const query = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
  if (before) query.set("before", before);
  return apiRequest<ChatHistory>(`/v1/chat/messages?${query}`, { auth: true });
}

/** Sends a message; a key the server already stored answers that message again instead of a new one. */
export function sendChatMessage(request: ChatSendRequest): Promise<ChatMessage> {
  return apiRequest<ChatMessage>("/v1/chat/messages", { auth: true, body: request });
}

export function markChatRead(seq: string): Promise<unknown> {
  const body: ChatReadRequest = { seq };
  return apiRequest("/v1/chat/read", { auth: true, body });
}

export function rateChat(rating: number): Promise<unknown> {
  const body: ChatRatingRequest = { rating };
  return apiRequest("/v1/chat/rating", { auth: true, body });
}

/** Uploads a photo for the chat (re-encoded and kept private by the server); the message names it. */
export function uploadChatPhoto(photo: Blob): Promise<VerificationPhotoUpload> {
  return uploadMultipart<VerificationPhotoUpload>("/v1/chat/photos", photo);
}
