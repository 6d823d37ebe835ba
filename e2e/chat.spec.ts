import type { BrowserContext, Locator, Page, TestInfo } from "@playwright/test";
import { chatStreamEventSchema, type ChatMessage, type ChatStreamEvent } from "../src/contracts/chat";
import { startChatApp, CHAT_APP_URL, type ChatApp } from "./support/chat-app";
import { expect, test } from "./support/fixtures";
import { FMP_FIXTURE_PORT, startFmpFixtureServer, type FmpFixtureServer } from "./support/fmp-fixture-server";
import { shot } from "./support/screenshots";

// The chat: from a report, 'Chat with Quanta' → 'Start a New Chat?' → 'Start Chat' opens /ask in a
// new tab; the rules assistant (no LLM) streams answers that cite analyses; the conversation
// survives a reload. The demo market is fictional, so this runs on a second app whose market data
// (NVDA, AAPL, MSFT, SPY, XLK) comes from a local FMP fixture, started here and stopped after.
// At 1280 px; e2e/phone-layout.spec.ts checks the chat on a phone (on the main app).
//
// The UI contract agreed with the chat site: textbox 'Message', button 'Send', button 'New chat',
// [data-testid=assistant-message] with data-streaming, [data-testid=user-message],
// [data-testid=citation], nav[aria-label=Conversations] with [data-testid=conversation-item].

test.use({ baseURL: CHAT_APP_URL });

let fixture: FmpFixtureServer;
let app: ChatApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  fixture = await startFmpFixtureServer(FMP_FIXTURE_PORT);
  app = await startChatApp(fixture.url);
});

test.afterAll(async () => {
  await app?.stop();
  await fixture?.close();
});

interface StreamSample {
  index: number;
  streaming: string | null;
  length: number;
}

/**
 * Records, in every page of the context, each change of an assistant message's data-streaming
 * attribute and text length (a MutationObserver sees states that polling could miss).
 */
async function recordAssistantMessages(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: { index: number; streaming: string | null; length: number }[] = [];
    Object.assign(window, { __assistantLog: log });
    const record = () => {
      document.querySelectorAll('[data-testid="assistant-message"]').forEach((el, index) => {
        const sample = { index, streaming: el.getAttribute("data-streaming"), length: (el.textContent ?? "").length };
        const previous = [...log].reverse().find((s) => s.index === index);
        if (!previous || previous.streaming !== sample.streaming || previous.length !== sample.length) log.push(sample);
      });
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

async function assistantLog(page: Page, index: number): Promise<StreamSample[]> {
  const log = await page.evaluate(() => (window as unknown as { __assistantLog?: StreamSample[] }).__assistantLog ?? []);
  return log.filter((sample) => sample.index === index);
}

/** The events of a POST /api/chat answer, each checked against the shared contract. */
function parseEvents(body: string): ChatStreamEvent[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((block) =>
      block
        .split(/\r?\n/)
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5).replace(/^ /, ""))
        .join("\n"),
    )
    .filter((data) => data.length > 0)
    .map((data) => chatStreamEventSchema.parse(JSON.parse(data)));
}

/**
 * Sends `text` with 'Send' and checks that its answer (the `index`-th assistant message) streamed:
 * the reply is text/event-stream with start → … delta … → done, and the message went
 * data-streaming="true" then "false". Returns the answer.
 */
async function ask(page: Page, text: string, index: number, testInfo: TestInfo): Promise<{ answer: Locator; stored: ChatMessage }> {
  const chatResponse = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/chat" && response.request().method() === "POST",
    { timeout: 30_000 },
  );
  await page.getByRole("textbox", { name: "Message" }).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();

  const userMessage = page.getByTestId("user-message").nth(index);
  await expect(userMessage).toContainText(text);

  const response = await chatResponse;
  // Read the streamed body from the start: Chromium may drop a finished response's body from its
  // buffer while the page goes on (seen on a busy machine), and then it can no longer be read.
  const body = response.text();
  body.catch(() => undefined);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/event-stream");

  const answer = page.getByTestId("assistant-message").nth(index);
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer).toHaveAttribute("data-streaming", "false", { timeout: 60_000 });

  // The wire: one answer in several pieces, ending with the stored message.
  const events = parseEvents(await body);
  expect(events[0]?.type, "the first event").toBe("start");
  expect(events.at(-1)?.type, "the last event").toBe("done");
  const deltas = events.filter((event) => event.type === "delta");
  expect(deltas.length, "the answer arrives in more than one delta").toBeGreaterThan(1);
  const done = events.at(-1) as Extract<ChatStreamEvent, { type: "done" }>;
  expect(done.message.role).toBe("assistant");

  // The page: the message was streaming before it was done.
  const samples = await assistantLog(page, index);
  const firstStreaming = samples.findIndex((sample) => sample.streaming === "true");
  const lastDone = samples.map((sample) => sample.streaming).lastIndexOf("false");
  expect(firstStreaming, `data-streaming went "true" (${JSON.stringify(samples)})`).toBeGreaterThanOrEqual(0);
  expect(lastDone, `then "false" (${JSON.stringify(samples)})`).toBeGreaterThan(firstStreaming);
  const lengthsWhileStreaming = new Set(samples.filter((sample) => sample.streaming === "true" && sample.length > 0).map((s) => s.length));
  testInfo.annotations.push({
    type: "stream",
    description: `${JSON.stringify(text)}: ${deltas.length} deltas; ${lengthsWhileStreaming.size} distinct partial lengths rendered while streaming`,
  });
  return { answer, stored: done.message };
}

/** A run of plain words from an answer's markdown, as the page renders it (no tables, no markup). */
function plainSnippet(markdown: string): string {
  const lines = markdown
    .split("\n")
    .map((line) =>
      line
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/[*_`~]/g, "")
        .replace(/^\s*(?:#+|>|[-+]|\d+\.)\s+/, "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((line) => line.length > 0 && !line.startsWith("|"));
  const longest = lines.reduce((a, b) => (b.length > a.length ? b : a), "");
  if (longest.length <= 50) return longest;
  const cut = longest.slice(0, 50);
  return cut.slice(0, cut.lastIndexOf(" ") > 20 ? cut.lastIndexOf(" ") : 50).trim();
}

test("from a report, Chat with Quanta opens /ask, streams cited answers about NVDA, AAPL and MSFT, and keeps them over a reload", async ({
  page,
  context,
  verifiedUser: _user,
}, testInfo) => {
  test.setTimeout(240_000);
  await recordAssistantMessages(context);

  // A real-ticker report from the fixture.
  await page.goto("/stocks");
  await page.getByLabel("Enter Stock Ticker or Company Name").fill("NVDA");
  await page.getByRole("button", { name: "Analyze Stock" }).click();
  const report = page.getByTestId("analysis-report");
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("report-ticker")).toHaveText("NVDA");
  await expect(page.getByTestId("report-company")).toContainText("NVIDIA");
  await expect(page.getByTestId("recommendation-badge")).toHaveText(/BUY|WATCH/);
  await expect(report).toContainText("Financial Modeling Prep");
  await expect(page.getByTestId("demo-badge")).toHaveCount(0);

  // 'Chat with Quanta' → 'Start a New Chat?' → 'Start Chat' → /ask in a new tab.
  await page.getByRole("button", { name: "Chat with Quanta" }).click();
  const modal = page.getByRole("dialog", { name: "Start a New Chat?" });
  await expect(modal).toBeVisible();
  const newPage = context.waitForEvent("page");
  await modal.getByRole("button", { name: "Start Chat" }).click();
  const chat = await newPage;
  await chat.waitForLoadState();
  await expect(chat).toHaveURL(/\/ask(?:[/?#]|$)/);
  await expect(modal).toBeHidden();
  await expect(chat.getByRole("textbox", { name: "Message" })).toBeVisible({ timeout: 15_000 });
  await expect(chat.getByRole("button", { name: "New chat" })).toBeVisible();

  // 'Should I buy NVDA?': a streamed answer that cites the NVDA analysis.
  const { answer: first, stored: firstStored } = await ask(chat, "Should I buy NVDA?", 0, testInfo);
  await expect(first).toContainText("NVDA");
  expect(firstStored.citations.map((c) => c.ticker)).toContain("NVDA");
  await expect(first.getByTestId("citation").filter({ hasText: "NVDA" }).first()).toBeVisible();

  // 'compare AAPL and MSFT': one answer citing both.
  const { answer: second, stored: secondStored } = await ask(chat, "compare AAPL and MSFT", 1, testInfo);
  expect(secondStored.citations.map((c) => c.ticker)).toEqual(expect.arrayContaining(["AAPL", "MSFT"]));
  await expect(second).toContainText("AAPL");
  await expect(second).toContainText("MSFT");
  await expect(second.getByTestId("citation").filter({ hasText: "AAPL" }).first()).toBeVisible();
  await expect(second.getByTestId("citation").filter({ hasText: "MSFT" }).first()).toBeVisible();
  const snippets = [plainSnippet(firstStored.content), plainSnippet(secondStored.content)];

  // The market data came from the fixture, with the right key, and nothing asked for a real host.
  expect(fixture.requests.some((r) => r.path === "/stable/historical-price-eod/full" && r.query.symbol === "NVDA")).toBe(true);
  expect(fixture.requests.some((r) => r.path === "/stable/historical-price-eod/full" && r.query.symbol === "MSFT")).toBe(true);
  expect(fixture.requests.filter((r) => r.status === 401)).toEqual([]);

  await shot(chat, "chat");

  // Reload: the conversation is listed and its messages are still there.
  await chat.reload();
  const conversations = chat.locator('nav[aria-label="Conversations"]');
  await expect(conversations.getByTestId("conversation-item")).toHaveCount(1, { timeout: 15_000 });
  if ((await chat.getByTestId("user-message").count()) === 0) {
    // /ask opened on a new chat: the stored conversation is one click away in the list.
    testInfo.annotations.push({ type: "reload", description: "after a reload /ask showed a new chat; the conversation was opened from the list" });
    await conversations.getByTestId("conversation-item").first().click();
  }
  await expect(chat.getByTestId("user-message")).toHaveCount(2, { timeout: 15_000 });
  await expect(chat.getByTestId("user-message").nth(0)).toContainText("Should I buy NVDA?");
  await expect(chat.getByTestId("user-message").nth(1)).toContainText("compare AAPL and MSFT");
  await expect(chat.getByTestId("assistant-message")).toHaveCount(2);
  for (const [k, snippet] of snippets.entries()) {
    const answer = chat.getByTestId("assistant-message").nth(k);
    await expect(answer).toHaveAttribute("data-streaming", "false");
    // The stored answer, not a placeholder: a run of its words is on the page again.
    await expect(answer).toContainText(snippet);
  }
  await expect(chat.getByTestId("assistant-message").nth(0).getByTestId("citation").filter({ hasText: "NVDA" }).first()).toBeVisible();
  await expect(chat.getByTestId("assistant-message").nth(1).getByTestId("citation").filter({ hasText: "AAPL" }).first()).toBeVisible();
  await expect(chat.getByTestId("assistant-message").nth(1).getByTestId("citation").filter({ hasText: "MSFT" }).first()).toBeVisible();

  // 'How good are your calls?': the track record's figures, with its caveats and a link to the page.
  const { answer: third, stored: thirdStored } = await ask(chat, "How good are your calls?", 2, testInfo);
  await expect(third).toContainText("Quanta's track record");
  await expect(third).toContainText("Past results do not guarantee future results.");
  await expect(third.getByRole("link", { name: "the track record" })).toHaveAttribute("href", "/track-record");
  expect(thirdStored.citations).toEqual([]);
});
