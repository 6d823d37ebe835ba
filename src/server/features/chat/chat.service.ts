import { randomUUID } from "node:crypto";
import type { ChatConversation, ChatConversationSummary, ChatMessage, ChatRequest } from "../../../contracts/chat";
import { AppError } from "../../app-error";
import type { VerifiedUser } from "../../plugins/require-user";
import type { AssistantOutput, ChatAssistant, PastMessage } from "./chat-assistant";
import type { ChatRepository, ConversationRow, MessageRow } from "./chat.repository";

const TITLE_LENGTH = 60;
/** Earlier messages an assistant sees. */
const HISTORY_MESSAGES = 20;

export interface ChatServiceDependencies {
  repository: ChatRepository;
  /** Answers a question (the LLM assistant with its rules fallback, or the rules assistant). */
  assistant: ChatAssistant;
  now: () => Date;
}

/** A question stored and ready to be answered. */
export interface ChatTurn {
  conversation: ChatConversationSummary;
  userMessage: ChatMessage;
  history: PastMessage[];
}

/** 'Should I buy   NWSC now?' → the conversation's title: one line, at most 60 characters, cut at a word. */
export function titleFrom(message: string): string {
  const line = message.replace(/\s+/g, " ").trim();
  if (line.length <= TITLE_LENGTH) return line;
  const cut = line.slice(0, TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The chat's rules: only verified users, only their own conversations; questions stored, answers streamed and stored. */
export class ChatService {
  constructor(private readonly deps: ChatServiceDependencies) {}

  async list(user: VerifiedUser): Promise<ChatConversationSummary[]> {
    return (await this.deps.repository.listForUser(user.id)).map(toSummary);
  }

  async get(user: VerifiedUser, id: string): Promise<ChatConversation> {
    const conversation = await this.owned(user, id);
    const messages = await this.deps.repository.messages(conversation.id);
    return { ...toSummary(conversation), messages: messages.map(toMessage) };
  }

  async rename(user: VerifiedUser, id: string, title: string): Promise<ChatConversationSummary> {
    const row = await this.deps.repository.rename(user.id, id, title.trim(), this.deps.now());
    if (!row) throw notFound();
    return toSummary(row);
  }

  async remove(user: VerifiedUser, id: string): Promise<void> {
    if (!(await this.deps.repository.delete(user.id, id))) throw notFound();
  }

  /** Checks the caller, finds or starts the conversation and stores the question. Throws before anything streams. */
  async begin(user: VerifiedUser, request: ChatRequest): Promise<ChatTurn> {
    const message = request.message.trim();
    const now = this.deps.now();
    let conversation: ConversationRow;
    let history: PastMessage[] = [];
    if (request.conversation_id) {
      conversation = await this.owned(user, request.conversation_id);
      history = (await this.deps.repository.messages(conversation.id))
        .slice(-HISTORY_MESSAGES)
        .map((m) => ({ role: m.role, content: m.content, citations: m.citations }));
    } else {
      conversation = { id: randomUUID(), userId: user.id, title: titleFrom(message), createdAt: now, updatedAt: now };
    }
    const userMessage: MessageRow = { id: randomUUID(), conversationId: conversation.id, role: "user", content: message, citations: [], createdAt: now };
    if (request.conversation_id) await this.deps.repository.appendMessage(userMessage);
    else await this.deps.repository.startConversation(conversation, userMessage);
    return { conversation: toSummary({ ...conversation, updatedAt: now }), userMessage: toMessage(userMessage), history };
  }

  /** Answers the stored question through `out` and stores the answer with its citations. */
  async respond(user: VerifiedUser, turn: ChatTurn, out: AssistantOutput, signal?: AbortSignal): Promise<ChatMessage> {
    const answer = await this.deps.assistant.answer(
      { user, message: turn.userMessage.content, history: turn.history, ...(signal && { signal }) },
      out,
    );
    const asked = Date.parse(turn.userMessage.created_at);
    const now = this.deps.now();
    // An answer is always after its question, even on a clock that has not moved.
    const createdAt = now.getTime() > asked ? now : new Date(asked + 1);
    const row: MessageRow = {
      id: randomUUID(),
      conversationId: turn.conversation.id,
      role: "assistant",
      content: answer.content,
      citations: answer.citations,
      createdAt,
    };
    await this.deps.repository.appendMessage(row);
    return toMessage(row);
  }

  private async owned(user: VerifiedUser, id: string): Promise<ConversationRow> {
    const conversation = await this.deps.repository.findForUser(user.id, id);
    if (!conversation) throw notFound();
    return conversation;
  }
}

function notFound(): AppError {
  return new AppError(404, "conversation_not_found", "Conversation not found");
}

function toSummary(row: ConversationRow): ChatConversationSummary {
  return { id: row.id, title: row.title, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

function toMessage(row: MessageRow): ChatMessage {
  return { id: row.id, role: row.role, content: row.content, citations: row.citations, created_at: row.createdAt.toISOString() };
}
