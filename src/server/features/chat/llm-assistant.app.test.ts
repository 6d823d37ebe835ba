import type { IncomingMessage, ServerResponse } from "node:http";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { chatStreamEventSchema, type ChatStreamEvent } from "../../../contracts/chat";
import { llmUsage } from "../../db/schema";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, startTestApp, type TestApp } from "../../test-support/test-app";

/** OpenAI-format streamed chunks (what an OpenAI-compatible server such as Ollama or vLLM sends). */
function sse(res: ServerResponse, chunks: object[]): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const chunk of chunks) res.write(`data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "test-model", ...chunk })}\n\n`);
  res.end("data: [DONE]\n\n");
}

const usage = { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 };

/** First turn: call run_analysis; after the tool result: write the answer. Non-streamed calls (narration) fail. */
function scriptedModel(failStreaming = false) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as { stream?: boolean; messages: { role: string }[] };
      if (!body.stream || failStreaming) {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "boom" } }));
        return;
      }
      if (!body.messages.some((m) => m.role === "tool")) {
        sse(res, [
          {
            choices: [
              {
                index: 0,
                delta: { role: "assistant", content: null, tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "run_analysis", arguments: '{"query":"NWSC"}' } }] },
                finish_reason: null,
              },
            ],
          },
          { choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }], usage },
        ]);
        return;
      }
      sse(res, [
        { choices: [{ index: 0, delta: { role: "assistant", content: "NWSC is on the " }, finish_reason: null }] },
        { choices: [{ index: 0, delta: { content: "watch list for now." }, finish_reason: null }] },
        { choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage },
      ]);
    });
  };
}

function parse(body: string): ChatStreamEvent[] {
  return body
    .split("\n\n")
    .filter(Boolean)
    .map((block) => chatStreamEventSchema.parse(JSON.parse(block.slice("data: ".length))));
}

describe.each(testDatabaseKinds("storage-only"))("chat with a configured model on $name", (kind) => {
  let t: TestApp | undefined;
  let llm: LocalServer | undefined;
  afterEach(async () => {
    await t?.close();
    await llm?.close();
  });

  async function start(failStreaming = false) {
    llm = await startLocalServer(scriptedModel(failStreaming));
    t = await startTestApp(kind, { LLM_PROVIDER: "openai-compatible", LLM_MODEL: "test-model", LLM_BASE_URL: `${llm.url}/v1` });
    return t;
  }

  it("streams the model's answer with its tool call, cites the analysis the tool made and records the tokens", async () => {
    const app = await start();
    const { jwt, userId } = await createVerifiedUser(app, "llm@example.com");
    const response = await app.app.inject({ method: "POST", url: "/api/chat", headers: apiHeaders(jwt), payload: { message: "Should I buy NWSC?" } });
    const events = parse(response.body);
    expect(events.map((e) => e.type)).toEqual(["start", "tool", "delta", "delta", "delta", "done"]);
    expect(events[1]).toEqual({ type: "tool", name: "run_analysis", label: "Analysing NWSC…" });
    const done = events.at(-1)!;
    if (done.type !== "done") throw new Error("no done event");
    expect(done.message.content).toMatch(/^NWSC is on the watch list for now\.\n\n\*\*Sources:\*\* NWSC · as of \d{4}-\d{2}-\d{2} \(your history\)$/);
    expect(done.message.citations).toMatchObject([{ ticker: "NWSC", source: "history" }]);
    const [row] = await app.database.db.select().from(llmUsage).where(eq(llmUsage.userId, userId));
    expect(row?.tokens).toBeGreaterThanOrEqual(300);
  });

  it("answers with the rules assistant when the model fails", async () => {
    const app = await start(true);
    const { jwt } = await createVerifiedUser(app, "fallback@example.com");
    const response = await app.app.inject({ method: "POST", url: "/api/chat", headers: apiHeaders(jwt), payload: { message: "What are the trading rules?" } });
    const done = parse(response.body).at(-1)!;
    expect(done.type).toBe("done");
    if (done.type === "done") expect(done.message.content).toContain("Sell if the price drops 8% below your purchase price.");
  });
});
