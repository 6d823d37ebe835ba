import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { successSchema } from "../../../../contracts/api-error";
import {
  chatConversationListSchema,
  chatConversationSchema,
  chatConversationSummarySchema,
  chatStreamEventSchema,
  type ChatConversation,
  type ChatConversationSummary,
  type ChatRename,
  type ChatRequest,
  type ChatStreamEvent,
} from "../../../../contracts/chat";
import { ApiRequestError, apiFetch, apiJson } from "../../../lib/api-client";
import { createSseParser } from "./sse-parser";
import { chatKeys } from "./chat-keys";

export const CHAT_INTERRUPTED_MESSAGE = "The answer was interrupted. Please try again.";

const conversationPath = (id: string) => `/api/chat/conversations/${encodeURIComponent(id)}`;

/** GET /api/chat/conversations: the user's conversations, newest first as the server orders them. */
function fetchConversations(): Promise<ChatConversationSummary[]> {
  return apiJson("/api/chat/conversations", { method: "GET" }, chatConversationListSchema).then(
    (body) => body.conversations,
  );
}

/** GET /api/chat/conversations/:id: one conversation with its messages. */
function fetchConversation(id: string): Promise<ChatConversation> {
  return apiJson(conversationPath(id), { method: "GET" }, chatConversationSchema);
}

/** PATCH /api/chat/conversations/:id {title}: the renamed conversation. */
function renameConversation(id: string, title: string): Promise<ChatConversationSummary> {
  return apiJson(
    conversationPath(id),
    { method: "PATCH", headers: { "content-type": "application/json" }, body: JSON.stringify({ title } satisfies ChatRename) },
    chatConversationSummarySchema,
  );
}

/** DELETE /api/chat/conversations/:id. */
async function deleteConversation(id: string): Promise<void> {
  await apiJson(conversationPath(id), { method: "DELETE" }, successSchema);
}

export function useConversations(enabled = true) {
  return useQuery({ queryKey: chatKeys.list(), queryFn: fetchConversations, enabled, staleTime: 30_000 });
}

export function useConversation(id: string | undefined) {
  return useQuery({
    queryKey: chatKeys.conversation(id ?? ""),
    queryFn: () => fetchConversation(id ?? ""),
    enabled: Boolean(id),
    staleTime: 30_000,
    // A conversation that does not exist (or is not the user's) will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && count < 1,
  });
}

/** PATCH …/:id {title}, shown at once in the list and rolled back if the server refuses. */
export function useRenameConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => renameConversation(id, title),
    onMutate: async ({ id, title }) => {
      await queryClient.cancelQueries({ queryKey: chatKeys.list() });
      const previous = queryClient.getQueryData<ChatConversationSummary[]>(chatKeys.list());
      queryClient.setQueryData<ChatConversationSummary[]>(chatKeys.list(), (list) =>
        list?.map((item) => (item.id === id ? { ...item, title } : item)),
      );
      queryClient.setQueryData<ChatConversation>(chatKeys.conversation(id), (conversation) =>
        conversation ? { ...conversation, title } : conversation,
      );
      return { previous };
    },
    onError: (_error, { id }, context) => {
      if (context?.previous) queryClient.setQueryData(chatKeys.list(), context.previous);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.list() }),
  });
}

/** DELETE …/:id; the conversation leaves the list and the cache. */
export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteConversation(id),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<ChatConversationSummary[]>(chatKeys.list(), (list) => list?.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: chatKeys.conversation(id) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
    },
  });
}

/** Parses one event's data; null for anything that is not a known event (skipped, not fatal). */
function parseChatStreamEvent(data: string): ChatStreamEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = chatStreamEventSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * Reads a `text/event-stream` body as it arrives and calls `onEvent` for every chat event.
 * Resolves when the body ends; an aborted signal rejects with the fetch's AbortError.
 */
export async function readChatStream(body: ReadableStream<Uint8Array>, onEvent: (event: ChatStreamEvent) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  const emit = (items: string[]) => {
    for (const data of items) {
      const event = parseChatStreamEvent(data);
      if (event) onEvent(event);
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      emit(parser.push(decoder.decode(value, { stream: true })));
    }
    emit(parser.push(decoder.decode()));
    emit(parser.finish());
  } finally {
    reader.releaseLock();
  }
}

export interface StreamChatOptions {
  signal?: AbortSignal;
  onEvent: (event: ChatStreamEvent) => void;
}

/**
 * POST /api/chat (Bearer + X-CSRFToken like every API call) and streams the answer's events to
 * `onEvent`. Rejects with ApiRequestError when the server refuses (401, 403 email_unverified, 429…)
 * or the stream ends before `done`/`error`; with an AbortError when `signal` aborts.
 */
export async function streamChat(request: ChatRequest, options: StreamChatOptions): Promise<void> {
  const response = await apiFetch("/api/chat", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify(request),
    signal: options.signal,
  });
  let finished = false;
  const onEvent = (event: ChatStreamEvent) => {
    if (event.type === "done" || event.type === "error") finished = true;
    options.onEvent(event);
  };
  if (response.body) {
    await readChatStream(response.body, onEvent);
  } else {
    const parser = createSseParser();
    for (const data of [...parser.push(await response.text()), ...parser.finish()]) {
      const event = parseChatStreamEvent(data);
      if (event) onEvent(event);
    }
  }
  if (!finished) throw new ApiRequestError(0, "stream_incomplete", CHAT_INTERRUPTED_MESSAGE);
}
