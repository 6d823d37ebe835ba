import type { LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatConversationSchema, chatStreamEventSchema, type ChatStreamEvent } from "../../../contracts/chat";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import { DemoMarketProvider } from "../../adapters/market/demo";
import { testDatabaseKinds } from "../../test-support/test-database";
import { trackRecordFigures } from "../../db/schema";
import { trackRecordSummary } from "../../test-support/track-record-summary";
import { TEST_ORIGIN, apiHeaders, createVerifiedUser, json, sessionCookie, startTestApp, type TestApp } from "../../test-support/test-app";

type Body = { error: string; code: string };

function ask(t: TestApp, jwt: string, message: string, conversationId?: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/chat",
    headers: apiHeaders(jwt),
    payload: { message, ...(conversationId && { conversation_id: conversationId }) },
  });
}

/** The server-sent events of a POST /api/chat answer, each checked against the contract. */
function events(response: LightMyRequestResponse): ChatStreamEvent[] {
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toContain("text/event-stream");
  expect(response.headers["cache-control"]).toBe("no-cache");
  expect(response.headers["x-accel-buffering"]).toBe("no");
  const blocks = response.body.split("\n\n").filter((block) => block.trim());
  return blocks.map((block) => {
    expect(block.startsWith("data: ")).toBe(true);
    return chatStreamEventSchema.parse(JSON.parse(block.slice("data: ".length)));
  });
}

function answerOf(list: ChatStreamEvent[]) {
  const start = list[0];
  const done = list.at(-1);
  if (start?.type !== "start" || done?.type !== "done") throw new Error(`unexpected stream: ${JSON.stringify(list)}`);
  const text = list.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
  return { start, done, text, tools: list.flatMap((e) => (e.type === "tool" ? [e] : [])) };
}

async function unverifiedJwt(t: TestApp): Promise<string> {
  await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: TEST_ORIGIN,
    payload: { email: "unverified@example.com", password: "correct horse 42", name: "u" },
  });
  const signIn = await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: TEST_ORIGIN,
    payload: { email: "unverified@example.com", password: "correct horse 42" },
  });
  return json<{ token: string }>(await t.app.inject({ url: "/api/auth/token", headers: { cookie: sessionCookie(signIn) } })).token;
}

const [firstDemo, secondDemo] = (await new DemoMarketProvider({ seed: 42 }).listUniverse()).map((c) => c.ticker).filter((ticker) => ticker !== "NWSC");

describe.each(testDatabaseKinds("storage-only"))("chat API on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  it("streams start → tool/delta… → done for 'should I buy NWSC', stores both messages and cites the analysis", async () => {
    const { jwt } = await createVerifiedUser(t, "chat@example.com");
    const { start, done, text, tools } = answerOf(events(await ask(t, jwt, "  Should I buy NWSC?  ")));

    expect(start.title).toBe("Should I buy NWSC?");
    expect(start.user_message).toMatchObject({ role: "user", content: "Should I buy NWSC?", citations: [] });
    expect(tools.map((e) => e.name)).toEqual(["latest_analysis", "run_analysis"]);
    expect(done.message.role).toBe("assistant");
    expect(done.message.content).toBe(text);
    expect(text).toContain("**NWSC · Northwind Semiconductor — ");
    expect(text).toContain("counted against your daily allowance");

    // The analysis it ran is in the user's history, and it is what the answer cites.
    const history = json<{ analyses: { id: string; analysis: unknown }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(jwt) }));
    expect(history.analyses).toHaveLength(1);
    const report = analysisReportSchema.parse(history.analyses[0]!.analysis);
    expect(done.message.citations).toEqual([{ ticker: "NWSC", as_of: report.meta.as_of, analysis_id: history.analyses[0]!.id, source: "history" }]);
    expect(text.trimEnd().endsWith(`**Sources:** NWSC · as of ${report.meta.as_of} (your history)`)).toBe(true);
    expect(text).toContain(`**Price:** ${report.stock_summary.current_metrics.price.toFixed(2)}`);

    const stored = chatConversationSchema.parse(
      json(await t.app.inject({ url: `/api/chat/conversations/${start.conversation_id}`, headers: apiHeaders(jwt) })),
    );
    expect(stored.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(stored.messages[1]).toEqual(done.message);

    // A follow-up in the same conversation uses the stored analysis (no second one counted).
    const followUp = answerOf(events(await ask(t, jwt, "What is its stop?", start.conversation_id)));
    expect(followUp.start.conversation_id).toBe(start.conversation_id);
    expect(followUp.tools.map((e) => e.name)).toEqual(["latest_analysis"]);
    expect(followUp.text).toContain("**Stop:**");
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 1 });
  });

  it(`compares NWSC and ${secondDemo} in a table with both citations`, async () => {
    const { jwt } = await createVerifiedUser(t, "compare@example.com");
    const { done, text } = answerOf(events(await ask(t, jwt, `compare NWSC and ${secondDemo}`)));
    expect(text).toContain("| Ticker | Action | Price | Buy point | Stop | Target | RS rating | Trend template | EPS growth (latest Q) |");
    expect(text).toMatch(new RegExp(`\\| NWSC \\| (BUY|WATCH|SELL) \\|`));
    expect(text).toMatch(new RegExp(`\\| ${secondDemo} \\| (BUY|WATCH|SELL) \\|`));
    expect(done.message.citations.map((c) => c.ticker)).toEqual(["NWSC", secondDemo]);
    for (const c of done.message.citations) expect(c.as_of).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("says what it can answer when it does not understand, without using an analysis", async () => {
    const { jwt } = await createVerifiedUser(t, "unknown@example.com");
    const { done, text } = answerOf(events(await ask(t, jwt, "Tell me a joke about cats")));
    expect(text).toContain("I answer from Quanta's analyses");
    expect(text).toContain("- What is the market doing?");
    expect(done.message.citations).toEqual([]);
    expect(json(await t.app.inject({ url: "/api/usage", headers: apiHeaders(jwt) }))).toMatchObject({ used: 0 });
  });

  it("answers what the market is doing", async () => {
    const { jwt } = await createVerifiedUser(t, "market@example.com");
    const { done, text } = answerOf(events(await ask(t, jwt, "What is the market doing?")));
    expect(text).toContain("**The market**");
    expect(done.message.citations).toHaveLength(1);
  });

  it("answers 'how good are your calls?' from the stored track record, labelled simulated on the demo market, with a link to the page", async () => {
    const { jwt } = await createVerifiedUser(t, "record@example.com");
    const before = answerOf(events(await ask(t, jwt, "How good are your calls?")));
    expect(before.tools.map((e) => e.name)).toEqual(["track_record"]);
    expect(before.text).toContain("No call has been recorded yet");
    expect(before.text).toContain("_The calls here come from the demo market: simulated prices._");
    // The historical simulation shipped in docs/backtest.
    expect(before.text).toContain("**Historical simulation** (back-tests of the same rules on past prices, not live calls): S&P 500 stocks, 2009–2017, against SPY");
    expect(before.text).toContain("Past results do not guarantee future results. Every call and its outcome: [the track record](/track-record).");
    expect(before.done.message.citations).toEqual([]);

    // The figures row the daily refresh stores after scoring: the answer reads it.
    const { historical: _h, simulated: _s, benchmark_name: _b, min_meaningful_trades: _m, ...figures } = trackRecordSummary();
    await t.database.db.insert(trackRecordFigures).values({ scope: "simulated", figures, computedAt: new Date() });
    const after = answerOf(events(await ask(t, jwt, "What's your hit rate?")));
    expect(after.text).toContain("- **BUY:** 1,200 calls, 140 trades opened (30 still open) · hit rate 54.1%");
    expect(after.text).toContain("engine 2.0.0, 2.1.0");
  });

  it("streams over a real HTTP connection: the start event arrives before the answer is complete", async () => {
    const { jwt } = await createVerifiedUser(t, "http@example.com");
    const address = await t.app.listen({ host: "127.0.0.1", port: 0 });
    const response = await fetch(`${address}/api/chat`, {
      method: "POST",
      headers: { ...apiHeaders(jwt), "content-type": "application/json" },
      body: JSON.stringify({ message: "What are the trading rules?" }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const reads: string[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      reads.push(decoder.decode(value, { stream: true }));
    }
    expect(reads.length).toBeGreaterThan(2);
    expect(reads[0]).toContain('"type":"start"');
    expect(reads[0]).not.toContain('"type":"done"');
    const list = reads.join("").split("\n\n").filter(Boolean).map((block) => chatStreamEventSchema.parse(JSON.parse(block.slice(6))));
    const { done, text } = answerOf(list);
    expect(done.message.content).toBe(text);
    expect(text).toContain("Sell if the price drops 8% below your purchase price.");
  });

  it("refuses signed-out (401), unverified (403 email_unverified) and CSRF-less (403) callers", async () => {
    const { jwt } = await createVerifiedUser(t, "guard@example.com");
    const { authorization: _omitted, ...csrfOnly } = apiHeaders(jwt);
    const signedOut = await t.app.inject({ method: "POST", url: "/api/chat", headers: csrfOnly, payload: { message: "hi" } });
    expect(signedOut.statusCode).toBe(401);
    expect(json<Body>(signedOut).code).toBe("unauthenticated");
    expect((await t.app.inject({ url: "/api/chat/conversations" })).statusCode).toBe(401);

    const noCsrf = await t.app.inject({ method: "POST", url: "/api/chat", headers: { authorization: `Bearer ${jwt}` }, payload: { message: "hi" } });
    expect(noCsrf.statusCode).toBe(403);
    expect(json<Body>(noCsrf).code).toBe("csrf_missing");

    const unverified = await unverifiedJwt(t);
    const refused = await ask(t, unverified, "Should I buy NWSC?");
    expect(refused.statusCode).toBe(403);
    expect(json<Body>(refused)).toEqual({ error: "Please verify your email first! Check your inbox for the verification link.", code: "email_unverified" });
    expect(json<Body>(await t.app.inject({ url: "/api/chat/conversations", headers: apiHeaders(unverified) })).code).toBe("email_unverified");
  });

  it("validates the message before streaming", async () => {
    const { jwt } = await createVerifiedUser(t, "validate@example.com");
    const empty = await ask(t, jwt, "   ");
    expect(empty.statusCode).toBe(400);
    expect(empty.headers["content-type"]).toContain("application/json");
    expect(json<Body>(empty)).toMatchObject({ code: "invalid_request" });
    expect(json<Body>(empty).error).toContain("Please type a message.");
    expect((await ask(t, jwt, "x".repeat(4001))).statusCode).toBe(400);
    const missing = await ask(t, jwt, "hello", "no-such-conversation");
    expect(missing.statusCode).toBe(404);
    expect(json<Body>(missing)).toEqual({ error: "Conversation not found", code: "conversation_not_found" });
  });

  it("lists, renames and deletes the user's conversations; another user gets 404 for each", async () => {
    const owner = await createVerifiedUser(t, "owner@example.com");
    const other = await createVerifiedUser(t, "other@example.com");
    const first = answerOf(events(await ask(t, owner.jwt, "What are the trading rules?"))).start.conversation_id;
    const second = answerOf(events(await ask(t, owner.jwt, `Explain the RS rating and why it matters for ${firstDemo} and a very long question title`))).start;
    expect(second.title.length).toBeLessThanOrEqual(60);
    expect(second.title.endsWith("…")).toBe(true);

    const list = json<{ conversations: { id: string; title: string }[] }>(await t.app.inject({ url: "/api/chat/conversations", headers: apiHeaders(owner.jwt) }));
    expect(list.conversations.map((c) => c.id)).toEqual([second.conversation_id, first]);
    expect(json<{ conversations: unknown[] }>(await t.app.inject({ url: "/api/chat/conversations", headers: apiHeaders(other.jwt) })).conversations).toEqual([]);

    const notFound = { error: "Conversation not found", code: "conversation_not_found" };
    const path = `/api/chat/conversations/${first}`;
    const read = await t.app.inject({ url: path, headers: apiHeaders(other.jwt) });
    expect(read.statusCode).toBe(404);
    expect(json(read)).toEqual(notFound);
    const rename = await t.app.inject({ method: "PATCH", url: path, headers: apiHeaders(other.jwt), payload: { title: "mine now" } });
    expect(rename.statusCode).toBe(404);
    expect(json(rename)).toEqual(notFound);
    const remove = await t.app.inject({ method: "DELETE", url: path, headers: apiHeaders(other.jwt) });
    expect(remove.statusCode).toBe(404);
    const reply = await ask(t, other.jwt, "hello", first);
    expect(reply.statusCode).toBe(404);

    const renamed = await t.app.inject({ method: "PATCH", url: path, headers: apiHeaders(owner.jwt), payload: { title: "  Rules  " } });
    expect(renamed.statusCode).toBe(200);
    expect(json(renamed)).toMatchObject({ id: first, title: "Rules" });
    expect((await t.app.inject({ method: "PATCH", url: path, headers: apiHeaders(owner.jwt), payload: { title: " " } })).statusCode).toBe(400);
    const { authorization: _omitted, ...csrfOnly } = apiHeaders(owner.jwt);
    expect((await t.app.inject({ method: "PATCH", url: path, headers: { authorization: `Bearer ${owner.jwt}` }, payload: { title: "x" } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: path, headers: csrfOnly })).statusCode).toBe(401);

    const deleted = await t.app.inject({ method: "DELETE", url: path, headers: apiHeaders(owner.jwt) });
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted)).toEqual({ success: true });
    expect((await t.app.inject({ url: path, headers: apiHeaders(owner.jwt) })).statusCode).toBe(404);
    const after = json<{ conversations: { id: string; title: string }[] }>(await t.app.inject({ url: "/api/chat/conversations", headers: apiHeaders(owner.jwt) }));
    expect(after.conversations.map((c) => c.id)).toEqual([second.conversation_id]);
  });
});

describe.each(testDatabaseKinds("storage-only"))("chat with the daily allowance used up on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind, { FREE_DAILY_ANALYSES: "0" });
  });
  afterEach(async () => {
    await t.close();
  });

  it("tells the user plainly that the daily limit stops a new analysis", async () => {
    const { jwt } = await createVerifiedUser(t, "limit@example.com");
    const { done, text } = answerOf(events(await ask(t, jwt, "Should I buy NWSC?")));
    expect(text).toContain("You have reached your daily limit of 0 free analyses");
    // No Stripe buy button here: premium cannot be bought, so no answer offers it.
    expect(text).toContain("New analyses are possible again after 00:00 UTC.");
    expect(text).not.toContain("Premium");
    expect(done.message.citations).toEqual([]);
  });
});
