import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../../contracts/chat";
import { mergeMessages } from "./chat-view";
import type { ChatTurn } from "./use-chat-stream";

const msg = (id: string, role: "user" | "assistant", content: string): ChatMessage => ({
  id,
  role,
  content,
  citations: [],
  created_at: "2026-11-20T10:00:00Z",
});

const turn = (change: Partial<ChatTurn>): ChatTurn => ({
  conversationId: "c1",
  origin: "c1",
  userMessage: msg("u2", "user", "Next?"),
  assistantId: null,
  content: "Partial",
  citations: [],
  status: null,
  streaming: true,
  error: null,
  stopped: false,
  ...change,
});

const shape = (messages: ReturnType<typeof mergeMessages>) => messages.map((m) => `${m.role}:${m.content}`);

describe("mergeMessages", () => {
  const earlier = [msg("u1", "user", "Hi"), msg("a1", "assistant", "Hello")];

  it("adds the question and the live answer after the stored messages", () => {
    expect(shape(mergeMessages(earlier, turn({})))).toEqual(["user:Hi", "assistant:Hello", "user:Next?", "assistant:Partial"]);
  });

  it("does not repeat what the server already has", () => {
    const stored = [...earlier, msg("u2", "user", "Next?"), msg("a2", "assistant", "Full")];
    expect(shape(mergeMessages(stored, turn({ assistantId: "a2", content: "Full", streaming: false })))).toEqual([
      "user:Hi",
      "assistant:Hello",
      "user:Next?",
      "assistant:Full",
    ]);
    // Stopped, and the server kept its own copy of the partial answer.
    const kept = [...earlier, msg("u2", "user", "Next?"), msg("a3", "assistant", "Partial (stopped)")];
    expect(shape(mergeMessages(kept, turn({ streaming: false, stopped: true })))).toEqual([
      "user:Hi",
      "assistant:Hello",
      "user:Next?",
      "assistant:Partial (stopped)",
    ]);
  });
});
