import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../../test-support/test-app";

/** Prefixes every string of a JSON value (the texts the narrator was asked to rewrite). */
function plainWords(value: unknown): unknown {
  if (typeof value === "string") return `In plain words: ${value}`;
  if (Array.isArray(value)) return value.map(plainWords);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainWords(v)]));
  return value;
}

describe.each(testDatabaseKinds("storage-only"))("research with the LLM narrator configured, on $name", (kind) => {
  let llm: LocalServer;
  let t: TestApp;
  beforeEach(async () => {
    // An OpenAI-compatible server that rewrites the texts it is sent (the JSON at the end of the
    // user message) and answers in OpenAI's documented chat-completion format, written by hand.
    llm = await startLocalServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const request = JSON.parse(body) as { messages: Array<{ role: string; content: string }> };
        const user = request.messages.find((message) => message.role === "user")!.content;
        const texts = JSON.parse(user.slice(user.indexOf("\n") + 1)) as unknown;
        const completion = {
          id: "chatcmpl-research-1",
          object: "chat.completion",
          created: 1_763_676_000,
          model: "test-model",
          choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(plainWords(texts)) }, finish_reason: "stop" }],
          usage: { prompt_tokens: 800, completion_tokens: 200, total_tokens: 1000 },
        };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(completion));
      });
    });
    t = await startTestApp(kind, { LLM_PROVIDER: "openai-compatible", LLM_MODEL: "test-model", LLM_BASE_URL: `${llm.url}/v1` });
  });
  afterEach(async () => {
    await t.close();
    await llm.close();
  });

  it("narrates a signed-in user's analysis, keeps it in the history, and labels it", async () => {
    const { jwt } = await createVerifiedUser(t, "reader@example.com");
    const form = multipartForm({ input: "NWSC" });
    const response = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    expect(response.statusCode).toBe(200);
    const report = analysisReportSchema.parse(json<{ response: unknown }>(response).response);
    expect(report.meta.narrator).toBe("llm:test-model");
    expect(report.stock_summary.recommendation.risk_management).toMatch(/^In plain words: /);
    expect(report.stock_summary.technical_analysis.trend).not.toMatch(/^In plain words: /);
    expect(llm.requests).toEqual(["/v1/chat/completions"]);

    const history = await t.app.inject({ method: "GET", url: "/user/stock-analyses/?ticker=NWSC", headers: apiHeaders(jwt) });
    const stored = json<{ analyses: Array<{ analysis: { meta: { narrator: string } } }> }>(history).analyses;
    expect(stored.map((row) => row.analysis.meta.narrator)).toEqual(["llm:test-model"]);
  });
});
