import { readFileSync } from "node:fs";
import path from "node:path";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCsv } from "../../core/csv/csv";
import { DemoMarketProvider } from "../adapters/market/demo";
import { chatConversations, chatMessages, positions, positionTrades, stockAnalyses } from "../db/schema";
import { testDatabaseKinds } from "../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../test-support/test-app";

/**
 * Cross-user attack suite: user A owns analyses (live, removed and restorable, imported from CSV), a saved screen, a position and
 * chat conversations; user B, signed in with valid credentials of its own, tries every route that
 * takes an id, every list, the CSV export and an import naming A's ids. Nothing of A's may reach B,
 * change, or be told apart from an id that does not exist.
 */

const samples = path.resolve(import.meta.dirname, "../../../docs/samples");
const exportSample = readFileSync(path.join(samples, "analyses-export.csv"), "utf8");
const SAMPLE_ID = "3f9c2a7e-5b1d-4c8e-9a61-0d2e7b4f8c15";
const SAMPLE_TIMESTAMP = "2025-06-30T20:00:00.000Z";
const [otherDemo, thirdDemo] = (await new DemoMarketProvider({ seed: 42 }).listUniverse()).map((c) => c.ticker).filter((ticker) => ticker !== "NWSC");

/** An export-format CSV from the documented sample: one row per [id, timestamp], under `ticker`. */
function exportCsv(ticker: string, rows: [id: string, timestamp: string][]): string {
  const [header, sample] = exportSample.trim().split("\r\n");
  const row = sample!.replaceAll("NWSC", ticker);
  return [header, ...rows.map(([id, timestamp]) => row.replace(SAMPLE_ID, id).replace(SAMPLE_TIMESTAMP, timestamp))].join("\r\n") + "\r\n";
}

function csvUpload(content: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----QuantaCrossUserBoundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="analyses.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.from(`${head}${content}\r\n--${boundary}--\r\n`),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

type ErrorBody = { error: string; code: string };
type History = { success: true; analyses: { id: string; analysis: { stock_summary: { ticker: string } }; timestamp: string }[] };

describe.each(testDatabaseKinds("storage-only"))("cross-user isolation on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind, { FREE_DAILY_ANALYSES: "50" });
  });
  afterEach(async () => {
    await t.close();
  });

  it("user B reads, changes, exports, imports over and lists none of user A's analyses, imports, conversations, saved screens or positions", { timeout: 120_000 }, async () => {
    const alice = await createVerifiedUser(t, "alice@example.com");
    const bob = await createVerifiedUser(t, "bob@example.com");
    const as = (jwt: string, request: InjectOptions) => t.app.inject({ ...request, headers: { ...apiHeaders(jwt), ...request.headers } });
    const analyse = async (jwt: string, input: string) => {
      const form = multipartForm({ input });
      const response = await as(jwt, { method: "POST", url: "/research/stocks/", payload: form.payload, headers: form.headers });
      expect(response.statusCode).toBe(200);
      return json<{ analysis: { id: string } }>(response).analysis.id;
    };
    const ask = async (jwt: string, message: string, conversationId?: string) => {
      const response = await as(jwt, { method: "POST", url: "/api/chat", payload: { message, ...(conversationId && { conversation_id: conversationId }) } });
      expect(response.statusCode).toBe(200);
      const start = JSON.parse(response.body.split("\n\n")[0]!.slice("data: ".length)) as { type: string; conversation_id: string };
      expect(start.type).toBe("start");
      expect(response.body).toContain('"type":"done"');
      return start.conversation_id;
    };

    // ── User A's data ────────────────────────────────────────────────────────────────────────────
    await analyse(alice.jwt, "NWSC");
    await analyse(alice.jwt, otherDemo!);
    const removedId = await analyse(alice.jwt, thirdDemo!);
    expect((await as(alice.jwt, { method: "DELETE", url: `/user/stock-analyses/${removedId}` })).statusCode).toBe(200);
    const aliceImport = csvUpload(exportCsv("ALICEX", [["alice-import-1", "2025-05-01T20:00:00.000Z"], ["alice-import-2", "2025-05-02T20:00:00.000Z"]]));
    expect(json(await as(alice.jwt, { method: "POST", url: "/user/stock-analyses-csv/", ...aliceImport }))).toMatchObject({ imported: 2 });
    const firstConversation = await ask(alice.jwt, "Should I buy NWSC? alice-secret-question");
    await ask(alice.jwt, "And what is the stop? alice-secret-follow-up", firstConversation);
    const secondConversation = await ask(alice.jwt, `How does ${otherDemo} look? alice-secret-second`);
    const savedScreen = await as(alice.jwt, { method: "POST", url: "/api/screens", payload: { name: "alice-secret-screen", query: { min_rs: 90 } } });
    expect(savedScreen.statusCode).toBe(201);
    const screenId = json<{ id: string }>(savedScreen).id;
    const alicePosition = await as(alice.jwt, { method: "POST", url: "/api/positions", payload: { ticker: thirdDemo, date: "2025-05-01", shares: 7.123456, price: 42.4242, stop: 40.1234, source: "manual" } });
    expect(alicePosition.statusCode).toBe(201);
    const positionId = json<{ id: string }>(alicePosition).id;

    const snapshot = async () => {
      const analyses = await t.database.db.select().from(stockAnalyses).where(eq(stockAnalyses.userId, alice.userId)).orderBy(asc(stockAnalyses.id));
      const conversations = await t.database.db.select().from(chatConversations).where(eq(chatConversations.userId, alice.userId)).orderBy(asc(chatConversations.id));
      const messages = await t.database.db
        .select()
        .from(chatMessages)
        .where(inArray(chatMessages.conversationId, conversations.map((c) => c.id)))
        .orderBy(asc(chatMessages.id));
      const held = await t.database.db.select().from(positions).where(eq(positions.userId, alice.userId));
      const trades = await t.database.db.select().from(positionTrades).where(eq(positionTrades.userId, alice.userId));
      return { analyses, conversations, messages, held, trades };
    };
    const before = await snapshot();
    expect(before.analyses.length).toBeGreaterThanOrEqual(5); // 3 analysed (one removed), 2 imported, any the chat ran
    expect(before.analyses.filter((row) => row.deletedAt !== null).map((row) => row.id)).toEqual([removedId]);
    expect(before.conversations).toHaveLength(2);
    expect(before.messages).toHaveLength(6);
    const analysisIds = before.analyses.map((row) => row.id);
    const conversationIds = before.conversations.map((row) => row.id);
    const messageIds = before.messages.map((row) => row.id);
    // What B must never see: A's ids, A's words, A's imported ticker.
    const secrets = [...analysisIds, ...conversationIds, ...messageIds, screenId, positionId, "42.4242", "7.123456", "alice-secret", "ALICEX", "alice@example.com", alice.userId];

    // ── User B's attempts ────────────────────────────────────────────────────────────────────────
    let attempts = 0;
    const leaks: string[] = [];
    /** One cross-user request as B: no secret in the answer beyond what B itself sent. */
    const attack = async (name: string, request: InjectOptions, status: number): Promise<LightMyRequestResponse> => {
      attempts++;
      const response = await as(bob.jwt, request);
      const sent = `${String(request.url)} ${typeof request.payload === "string" || Buffer.isBuffer(request.payload) ? request.payload.toString() : JSON.stringify(request.payload ?? "")}`;
      for (const secret of secrets) if (!sent.includes(secret) && response.body.includes(secret)) leaks.push(`${name}: the answer holds ${secret}`);
      if (response.statusCode !== status) leaks.push(`${name}: status ${response.statusCode}, expected ${status}: ${response.body.slice(0, 200)}`);
      return response;
    };
    /** A's id and an id nobody has must get the same refusal: {error, code}, same status, same words. */
    const refused = async (name: string, request: (id: string) => InjectOptions, id: string, code: string) => {
      const answer = await attack(name, request(id), 404);
      const nobody = await as(bob.jwt, request(`no-such-${id.slice(0, 20)}`));
      const body = json<ErrorBody>(answer);
      if (Object.keys(body).sort().join() !== "code,error" || typeof body.error !== "string" || body.code !== code) leaks.push(`${name}: error shape ${answer.body}`);
      const strip = (r: LightMyRequestResponse, used: string) => `${r.statusCode} ${r.body.replaceAll(used, "<id>")}`;
      if (strip(answer, id) !== strip(nobody, `no-such-${id.slice(0, 20)}`)) leaks.push(`${name}: told apart from an unknown id: ${answer.body} vs ${nobody.body}`);
    };

    for (const id of analysisIds) {
      await refused(`GET analysis ${id}`, (x) => ({ method: "GET", url: `/user/stock-analyses/${x}` }), id, "not_found");
      await refused(`DELETE analysis ${id}`, (x) => ({ method: "DELETE", url: `/user/stock-analyses/${x}` }), id, "not_found");
      await refused(`restore analysis ${id}`, (x) => ({ method: "POST", url: `/user/stock-analyses/${x}/restore` }), id, "not_found");
      await refused(`share analysis ${id}`, (x) => ({ method: "POST", url: `/api/analyses/${x}/share` }), id, "not_found");
      await refused(`stop sharing analysis ${id}`, (x) => ({ method: "DELETE", url: `/api/analyses/${x}/share` }), id, "not_found");
    }
    for (const id of conversationIds) {
      await refused(`GET conversation ${id}`, (x) => ({ method: "GET", url: `/api/chat/conversations/${x}` }), id, "conversation_not_found");
      await refused(`rename conversation ${id}`, (x) => ({ method: "PATCH", url: `/api/chat/conversations/${x}`, payload: { title: "bob was here" } }), id, "conversation_not_found");
      await refused(`DELETE conversation ${id}`, (x) => ({ method: "DELETE", url: `/api/chat/conversations/${x}` }), id, "conversation_not_found");
      await refused(`message into conversation ${id}`, (x) => ({ method: "POST", url: "/api/chat", payload: { conversation_id: x, message: "bob writes here" } }), id, "conversation_not_found");
    }
    for (const id of messageIds) {
      await refused(`message id as conversation ${id}`, (x) => ({ method: "GET", url: `/api/chat/conversations/${x}` }), id, "conversation_not_found");
    }
    await refused(`DELETE screen ${screenId}`, (x) => ({ method: "DELETE", url: `/api/screens/${x}` }), screenId, "not_found");
    await refused(`GET position ${positionId}`, (x) => ({ method: "GET", url: `/api/positions/${x}` }), positionId, "position_not_found");
    await refused(`move stop of position ${positionId}`, (x) => ({ method: "PATCH", url: `/api/positions/${x}`, payload: { stop: 1 } }), positionId, "position_not_found");
    await refused(`sell from position ${positionId}`, (x) => ({ method: "PATCH", url: `/api/positions/${x}`, payload: { trade: { side: "sell", date: "2025-05-02", shares: 1, price: 1 } } }), positionId, "position_not_found");
    await refused(`DELETE position ${positionId}`, (x) => ({ method: "DELETE", url: `/api/positions/${x}` }), positionId, "position_not_found");
    const bobPositions = json<{ positions: unknown[] }>(await attack("positions", { method: "GET", url: "/api/positions" }, 200));
    expect(bobPositions.positions).toEqual([]);
    expect(json<{ positions: unknown[] }>(await attack("portfolio", { method: "GET", url: "/api/portfolio" }, 200)).positions).toEqual([]);
    const bobTransactions = await attack("transactions export", { method: "GET", url: "/api/positions/export" }, 200);
    expect(parseCsv(bobTransactions.body)).toHaveLength(1);
    const bobScreens = json<{ screens: unknown[] }>(await attack("saved screens", { method: "GET", url: "/api/screens" }, 200));
    expect(bobScreens.screens).toEqual([]);

    // Lists: B's own rows only (B has one analysis and one conversation of its own, made below).
    const bobAnalysis = await analyse(bob.jwt, "NWSC");
    const bobConversation = await ask(bob.jwt, "Should I buy NWSC?");
    const bobExpected = new Set([bobAnalysis, ...(await t.database.db.select({ id: stockAnalyses.id }).from(stockAnalyses).where(eq(stockAnalyses.userId, bob.userId))).map((r) => r.id)]);
    for (const url of ["/user/stock-analyses/", "/user/stock-analyses/?ticker=ALICEX", `/user/stock-analyses/?ticker=${otherDemo}`, `/user/stock-analyses/?ticker=${thirdDemo}`, "/user/stock-analyses?ticker=nwsc"]) {
      const history = json<History>(await attack(`history ${url}`, { method: "GET", url }, 200));
      for (const item of history.analyses) if (!bobExpected.has(item.id)) leaks.push(`history ${url}: lists ${item.id}`);
    }
    const conversations = json<{ conversations: { id: string }[] }>(await attack("conversation list", { method: "GET", url: "/api/chat/conversations" }, 200));
    expect(conversations.conversations.map((c) => c.id)).toEqual([bobConversation]);
    json(await attack("own conversation", { method: "GET", url: `/api/chat/conversations/${bobConversation}` }, 200));
    const usage = json<{ used: number }>(await attack("usage", { method: "GET", url: "/api/usage" }, 200));
    if (usage.used !== bobExpected.size) leaks.push(`usage: ${usage.used} analyses counted, B made ${bobExpected.size}`);
    await attack("public list", { method: "GET", url: "/api/public-buy-stocks" }, 200);
    await attack("public list ALICEX", { method: "GET", url: "/api/public-buy-stocks?ticker=ALICEX" }, 200);

    // Export: B's rows only.
    const exported = await attack("CSV export", { method: "GET", url: "/user/stock-analyses-csv/" }, 200);
    const exportedIds = parseCsv(exported.body).slice(1).map((r) => r.fields[0]!);
    expect(exportedIds.length).toBeGreaterThan(0);
    for (const id of exportedIds) if (!bobExpected.has(id)) leaks.push(`CSV export: row ${id}`);

    // Import naming A's ids (live, removed, imported): stored as B's under new ids; A's rows untouched.
    const takeover = exportCsv("BOBX", analysisIds.map((id, k) => [id, `2025-04-${String(k + 1).padStart(2, "0")}T20:00:00.000Z`]));
    const imported = await attack("CSV import with A's ids", { method: "POST", url: "/user/stock-analyses-csv/", ...csvUpload(takeover) }, 200);
    expect(json(imported)).toEqual({ success: true, format: "export", total: analysisIds.length, imported: analysisIds.length, skipped: 0 });
    const again = await attack("CSV import with A's ids, again", { method: "POST", url: "/user/stock-analyses-csv/", ...csvUpload(takeover) }, 200);
    expect(json(again)).toMatchObject({ imported: 0, skipped: analysisIds.length });
    const bobRows = await t.database.db.select().from(stockAnalyses).where(eq(stockAnalyses.userId, bob.userId));
    for (const row of bobRows) if (analysisIds.includes(row.id)) leaks.push(`CSV import: B now holds A's id ${row.id}`);
    expect(bobRows.filter((row) => row.ticker === "BOBX")).toHaveLength(analysisIds.length);
    const exportedAfter = await attack("CSV export after the import", { method: "GET", url: "/user/stock-analyses-csv/" }, 200);
    for (const id of parseCsv(exportedAfter.body).slice(1).map((r) => r.fields[0]!)) if (analysisIds.includes(id)) leaks.push(`CSV export after import: row ${id}`);

    // ── Nothing of A's changed, and A still owns it all ───────────────────────────────────────────
    expect(await snapshot()).toEqual(before);
    expect((await as(alice.jwt, { method: "POST", url: `/user/stock-analyses/${removedId}/restore` })).statusCode).toBe(200);
    const aliceHistory = json<History>(await as(alice.jwt, { method: "GET", url: "/user/stock-analyses/" }));
    expect(aliceHistory.analyses.map((a) => a.id).sort()).toEqual([...analysisIds].sort());
    const aliceConversation = json<{ title: string; messages: unknown[] }>(await as(alice.jwt, { method: "GET", url: `/api/chat/conversations/${secondConversation}` }));
    expect(aliceConversation.messages).toHaveLength(2);
    expect(aliceConversation.title).toContain("alice-secret-second");
    const aliceScreens = json<{ screens: { id: string; name: string }[] }>(await as(alice.jwt, { method: "GET", url: "/api/screens" }));
    expect(aliceScreens.screens.map((s) => [s.id, s.name])).toEqual([[screenId, "alice-secret-screen"]]);

    console.log(`cross-user attempts: ${attempts}, leaks: ${leaks.length} (${kind.name})`);
    expect(leaks).toEqual([]);
  });
});
