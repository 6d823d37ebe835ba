import type { ChatCitation } from "../../../contracts/chat";
import type { VerifiedUser } from "../../plugins/require-user";

/** An earlier message of the conversation, oldest first. */
export interface PastMessage {
  role: "user" | "assistant";
  content: string;
  citations: ChatCitation[];
}

export interface AssistantTurn {
  user: VerifiedUser;
  /** The new question (trimmed). */
  message: string;
  /** The conversation before it (without the new question). */
  history: PastMessage[];
  /** Aborted when the client goes away. */
  signal?: AbortSignal;
}

/** Where an answer streams to: a status line per tool, the markdown in pieces. */
export interface AssistantOutput {
  tool(name: string, label: string): void;
  delta(text: string): void;
}

export interface AssistantAnswer {
  /** The whole markdown: equal to the deltas joined. */
  content: string;
  citations: ChatCitation[];
}

/** Answers one question of a conversation. The rules assistant and the LLM assistant both are. */
export interface ChatAssistant {
  answer(turn: AssistantTurn, out: AssistantOutput): Promise<AssistantAnswer>;
}

const SOURCE_LABELS: Record<ChatCitation["source"], string> = { history: "your history", public: "public list", new: "new analysis" };

/** 'NWSC · as of 2026-11-20 (your history)' for each citation: the line every answer with analyses ends with. */
export function citationsLine(citations: ChatCitation[]): string {
  return `**Sources:** ${citations.map((c) => `${c.ticker} · as of ${c.as_of} (${SOURCE_LABELS[c.source]})`).join("; ")}`;
}

/** Adds a citation unless the same analysis is already cited. */
export function addCitation(list: ChatCitation[], citation: ChatCitation): void {
  if (!list.some((c) => c.ticker === citation.ticker && c.as_of === citation.as_of && c.source === citation.source)) list.push(citation);
}
