import { z } from "zod";

/**
 * The chat site's API (/api/chat…): conversations, messages and the server-sent events an answer
 * streams as. Shared by the server (validation) and the web (parsing).
 */

/** An analysis an answer used: shown under the answer as 'NVDA · 20 Nov 2026'. */
export const chatCitationSchema = z.object({
  ticker: z.string(),
  /** Date of the last session the analysis used (meta.as_of). */
  as_of: z.string(),
  /** The stored analysis (the user's history, or the public list); null for one made on the fly and not stored. */
  analysis_id: z.string().nullable(),
  source: z.enum(["history", "public", "new"]),
});
export type ChatCitation = z.infer<typeof chatCitationSchema>;

const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  /** Markdown (the web renders it without raw HTML). */
  content: z.string(),
  citations: z.array(chatCitationSchema),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatConversationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatConversationSummary = z.infer<typeof chatConversationSummarySchema>;

export const chatConversationSchema = chatConversationSummarySchema.extend({
  messages: z.array(chatMessageSchema),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** GET /api/chat/conversations */
export const chatConversationListSchema = z.object({ conversations: z.array(chatConversationSummarySchema) });

export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_TITLE_MAX = 120;

/** POST /api/chat: a new message; without conversation_id a conversation is started. */
export const chatRequestSchema = z.object({
  conversation_id: z.string().min(1).optional(),
  message: z.string().trim().min(1, "Please type a message.").max(CHAT_MESSAGE_MAX, `Messages are limited to ${CHAT_MESSAGE_MAX} characters.`),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** PATCH /api/chat/conversations/:id */
export const chatRenameSchema = z.object({
  title: z.string().trim().min(1, "Please enter a title.").max(CHAT_TITLE_MAX, `Titles are limited to ${CHAT_TITLE_MAX} characters.`),
});
export type ChatRename = z.infer<typeof chatRenameSchema>;

/**
 * POST /api/chat answers `text/event-stream`; each event is `data: <JSON>\n\n` with one of these.
 * start → (tool | delta)* → done, or error at any point.
 */
export const chatStreamEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("start"), conversation_id: z.string(), title: z.string(), user_message: chatMessageSchema }),
  /** A tool the assistant runs, for a status line ('Analysing NVDA…'). */
  z.object({ type: z.literal("tool"), name: z.string(), label: z.string() }),
  /** The next piece of the answer's markdown. */
  z.object({ type: z.literal("delta"), text: z.string() }),
  /** The stored answer, with its citations. */
  z.object({ type: z.literal("done"), message: chatMessageSchema }),
  z.object({ type: z.literal("error"), error: z.string(), code: z.string() }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEventSchema>;
