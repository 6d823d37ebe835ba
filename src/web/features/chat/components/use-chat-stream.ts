import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ChatCitation, ChatConversation, ChatConversationSummary, ChatMessage, ChatStreamEvent } from "../../../../contracts/chat";
import { requestErrorMessage } from "../../../lib/request-error-message";
import { streamChat } from "../api/chat-api";
import { chatKeys } from "../api/chat-keys";

const CHAT_FAILED_MESSAGE = "Something went wrong while answering. Please try again.";

/** The question being answered right now (or the last one), kept until the next question. */
export interface ChatTurn {
  /** null until the server's `start` event names the conversation (a new chat). */
  conversationId: string | null;
  /** The conversation the question was asked in: null for a new chat. */
  origin: string | null;
  userMessage: ChatMessage;
  /** The stored answer's id, once `done` arrived. */
  assistantId: string | null;
  content: string;
  citations: ChatCitation[];
  /** The running tool's label ('Analysing NWSC…'), null when none. */
  status: string | null;
  streaming: boolean;
  error: string | null;
  stopped: boolean;
}

function withMessage(conversation: ChatConversation, message: ChatMessage): ChatConversation {
  if (conversation.messages.some((item) => item.id === message.id)) return conversation;
  return { ...conversation, messages: [...conversation.messages, message], updated_at: message.created_at };
}

/** One sentence (lib/request-error-message.ts): the server's refusal (e.g. the daily limit), else the chat's own. */
function errorText(error: unknown): string {
  return requestErrorMessage(error, { failure: CHAT_FAILED_MESSAGE });
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

function newTurn(message: string, conversationId: string | null): ChatTurn {
  const now = new Date().toISOString();
  return {
    conversationId,
    origin: conversationId,
    userMessage: { id: `local-${now}`, role: "user", content: message, citations: [], created_at: now },
    assistantId: null,
    content: "",
    citations: [],
    status: null,
    streaming: true,
    error: null,
    stopped: false,
  };
}

/** The turn after one event of the answer's stream. */
function turnAfter(turn: ChatTurn, event: ChatStreamEvent): ChatTurn {
  switch (event.type) {
    case "start":
      return { ...turn, conversationId: event.conversation_id, userMessage: event.user_message };
    case "tool":
      return { ...turn, status: event.label };
    case "delta":
      return { ...turn, content: turn.content + event.text, status: null };
    case "done":
      return {
        ...turn,
        assistantId: event.message.id,
        content: event.message.content,
        citations: event.message.citations,
        status: null,
        streaming: false,
      };
    case "error":
      return { ...turn, error: event.error, status: null, streaming: false };
  }
}

type StartEvent = Extract<ChatStreamEvent, { type: "start" }>;

/** The stored question goes into the cached conversation (created for a new chat) and to the top of the list. */
function cacheQuestion(queryClient: QueryClient, event: StartEvent) {
  const id = event.conversation_id;
  queryClient.setQueryData<ChatConversation>(chatKeys.conversation(id), (conversation) =>
    conversation
      ? withMessage(conversation, event.user_message)
      : {
          id,
          title: event.title,
          created_at: event.user_message.created_at,
          updated_at: event.user_message.created_at,
          messages: [event.user_message],
        },
  );
  queryClient.setQueryData<ChatConversationSummary[]>(chatKeys.list(), (list) => {
    if (!list) return list;
    const existing = list.find((item) => item.id === id);
    const summary: ChatConversationSummary = existing
      ? { ...existing, updated_at: event.user_message.created_at }
      : { id, title: event.title, created_at: event.user_message.created_at, updated_at: event.user_message.created_at };
    return [summary, ...list.filter((item) => item.id !== id)];
  });
}

function cacheAnswer(queryClient: QueryClient, conversationId: string, message: ChatMessage) {
  queryClient.setQueryData<ChatConversation>(chatKeys.conversation(conversationId), (conversation) =>
    conversation ? withMessage(conversation, message) : conversation,
  );
}

/**
 * Sends a message and follows its streamed answer: the turn grows with every delta, and the
 * conversation's cached messages receive the stored question and answer (start / done), so the
 * list and the page match the server afterwards.
 */
export function useChatStream(options: { onConversationStarted: (id: string, isNew: boolean) => void }) {
  const queryClient = useQueryClient();
  const [turn, setTurn] = useState<ChatTurn | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const startedRef = useRef(options.onConversationStarted);
  useEffect(() => {
    startedRef.current = options.onConversationStarted;
  }, [options.onConversationStarted]);
  useEffect(
    () => () => {
      controllerRef.current?.abort();
    },
    [],
  );

  const streaming = turn?.streaming ?? false;

  const send = useCallback(
    async (message: string, conversationId: string | null) => {
      if (controllerRef.current) return;
      const controller = new AbortController();
      controllerRef.current = controller;
      let current: string | null = conversationId;
      setTurn(newTurn(message, conversationId));
      const update = (change: (turn: ChatTurn) => ChatTurn) => {
        if (controllerRef.current !== controller) return;
        setTurn((previous) => (previous ? change(previous) : previous));
      };

      const onEvent = (event: ChatStreamEvent) => {
        update((t) => turnAfter(t, event));
        if (event.type === "start") {
          const isNew = current !== event.conversation_id;
          current = event.conversation_id;
          cacheQuestion(queryClient, event);
          startedRef.current(current, isNew);
        } else if (event.type === "done" && current) {
          cacheAnswer(queryClient, current, event.message);
        }
      };

      try {
        await streamChat(
          { message, ...(conversationId ? { conversation_id: conversationId } : {}) },
          { signal: controller.signal, onEvent },
        );
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) {
          update((t) => ({ ...t, status: null, streaming: false, stopped: true }));
        } else {
          update((t) => ({ ...t, status: null, streaming: false, error: errorText(error) }));
        }
        // What the server kept of an interrupted answer is what a reload shows: ask it again.
        if (current) void queryClient.invalidateQueries({ queryKey: chatKeys.conversation(current) });
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      }
    },
    [queryClient],
  );

  /** Stops the answer being streamed; what arrived so far stays. */
  const stop = useCallback(() => {
    const controller = controllerRef.current;
    if (!controller) return;
    setTurn((previous) => (previous ? { ...previous, status: null, streaming: false, stopped: true } : previous));
    controller.abort();
    controllerRef.current = null;
  }, []);

  /** Forgets the turn (another conversation or a new chat), stopping it first. */
  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setTurn(null);
  }, []);

  return { turn, streaming, send, stop, reset };
}
