import { and, asc, desc, eq } from "drizzle-orm";
import { chatCitationSchema, type ChatCitation } from "../../../contracts/chat";
import type { Database } from "../../db/database";
import { chatConversations, chatMessages } from "../../db/schema";

export interface ConversationRow {
  id: string;
  userId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface MessageRow {
  id: string;
  conversationId: string;
  role: "user" | "assistant";
  content: string;
  citations: ChatCitation[];
  createdAt: Date;
}

const conversationColumns = {
  id: chatConversations.id,
  userId: chatConversations.userId,
  title: chatConversations.title,
  createdAt: chatConversations.createdAt,
  updatedAt: chatConversations.updatedAt,
};

/** Chat conversations and their messages. Every query that reads or changes a conversation is scoped to its owner. */
export class ChatRepository {
  constructor(private readonly db: Database) {}

  /** A new conversation with its first message, together or not at all. */
  async startConversation(row: ConversationRow, first: MessageRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(chatConversations).values(row);
      await tx.insert(chatMessages).values(first);
    });
  }

  /** The user's conversations, most recently active first. */
  async listForUser(userId: string): Promise<ConversationRow[]> {
    return this.db
      .select(conversationColumns)
      .from(chatConversations)
      .where(eq(chatConversations.userId, userId))
      .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id));
  }

  /** The conversation when it is the user's; null otherwise. */
  async findForUser(userId: string, id: string): Promise<ConversationRow | null> {
    const [row] = await this.db
      .select(conversationColumns)
      .from(chatConversations)
      .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)));
    return row ?? null;
  }

  /** Messages of a conversation, oldest first (call after findForUser). */
  async messages(conversationId: string): Promise<MessageRow[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.createdAt), desc(chatMessages.role), asc(chatMessages.id));
    return rows.map((row) => ({
      id: row.id,
      conversationId: row.conversationId,
      role: row.role === "assistant" ? "assistant" : "user",
      content: row.content,
      citations: parseCitations(row.citations),
      createdAt: row.createdAt,
    }));
  }

  async rename(userId: string, id: string, title: string, at: Date): Promise<ConversationRow | null> {
    const [row] = await this.db
      .update(chatConversations)
      .set({ title, updatedAt: at })
      .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
      .returning(conversationColumns);
    return row ?? null;
  }

  /** Deletes the conversation and its messages; false when it is not the user's. */
  async delete(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(chatConversations)
      .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
      .returning({ id: chatConversations.id });
    return rows.length > 0;
  }

  /** Adds a message and marks its conversation active at the message's time (the list is ordered by it), in one transaction. */
  async appendMessage(row: MessageRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(chatMessages).values(row);
      await tx.update(chatConversations).set({ updatedAt: row.createdAt }).where(eq(chatConversations.id, row.conversationId));
    });
  }
}

function parseCitations(value: unknown): ChatCitation[] {
  const parsed = chatCitationSchema.array().safeParse(value);
  return parsed.success ? parsed.data : [];
}
