import { describe, expect, it } from "vitest";
import { price } from "../../../core/narrative/format";
import type { PastMessage } from "./chat-assistant";
import { FakeTools, REPORTS, USER, citation, recorder } from "./chat-test-fixtures";
import { RulesAssistant, candidatePhrases, classify, streamMarkdown } from "./rules-assistant";
import { emptyTrackRecordSummary, trackRecordSummary } from "../../test-support/track-record-summary";

function assistant(tools = new FakeTools(), demo = false) {
  return new RulesAssistant({ tools, chunkDelayMs: 0, exampleTickers: async () => ["NWSC", "QBIT"], demo });
}

async function ask(message: string, tools = new FakeTools(), history: PastMessage[] = []) {
  const out = recorder();
  const answer = await assistant(tools).answer({ user: USER, message, history }, out);
  // What streamed is exactly what is stored.
  expect(out.text()).toBe(answer.content);
  return { ...answer, out };
}

const nwsc = REPORTS.NWSC!;
const asOf = nwsc.meta.as_of;

describe("RulesAssistant", () => {
  it("answers 'should I buy X' with the action, levels and reasons, and ends with the citation", async () => {
    const { content, citations, out } = await ask("Should I buy NWSC?");
    const s = nwsc.stock_summary;
    expect(content).toContain(`**NWSC · Northwind Semiconductor — ${s.recommendation.action}**`);
    expect(content).toContain(`**Price:** ${price(s.current_metrics.price)}`);
    for (const level of [s.trade_setup.buy_point, s.trade_setup.stop_loss, s.trade_setup.target_price]) {
      expect(content).toContain(typeof level === "number" ? level.toFixed(2) : "N/A");
    }
    expect(content).toContain(s.recommendation.triggers[0]!);
    expect(content.trimEnd().endsWith(`**Sources:** NWSC · as of ${asOf} (your history)`)).toBe(true);
    expect(citations).toEqual([citation("NWSC", "history")]);
    expect(out.tools).toEqual([{ name: "latest_analysis", label: "Looking up NWSC…" }]);
    expect(out.deltas.length).toBeGreaterThan(10);
  });

  it("finds a stock by its company name", async () => {
    const { citations } = await ask("should i buy northwind semiconductor");
    expect(citations.map((c) => c.ticker)).toEqual(["NWSC"]);
  });

  it("runs a new analysis when none is stored and says it counted against the daily allowance", async () => {
    const tools = new FakeTools();
    tools.stored.clear();
    const { content, citations, out } = await ask("Should I buy NWSC?", tools);
    expect(tools.ran).toEqual(["NWSC"]);
    expect(content).toContain("counted against your daily allowance");
    expect(citations[0]).toMatchObject({ ticker: "NWSC", analysis_id: "new-1" });
    expect(out.tools.map((t) => t.name)).toEqual(["latest_analysis", "run_analysis"]);
  });

  it("tells the user plainly when the daily limit stops a new analysis", async () => {
    const tools = new FakeTools();
    tools.stored.clear();
    tools.limitReached = true;
    const { content, citations } = await ask("Should I buy NWSC?", tools);
    expect(content).toContain("You have reached your daily limit of 0 free analyses");
    expect(content).toContain("I have no stored analysis of NWSC");
    expect(citations).toEqual([]);
  });

  it("gives the buy point, stop and target", async () => {
    const { content } = await ask("What is the stop loss for NWSC?");
    expect(content).toContain("trade setup");
    expect(content).toContain("**Stop:**");
    expect(content).toContain("8% under your purchase price");
  });

  it("explains why a stock has its action", async () => {
    const s = REPORTS.DCLN!.stock_summary;
    const { content } = await ask(`Why is DCLN a ${s.recommendation.action}?`);
    expect(content).toContain(`**Why DCLN is a ${s.recommendation.action}**`);
    expect(content).toContain(s.technical_analysis.trend);
    expect(content).toContain("Trend template criteria not met");
  });

  it("says which holder's sell rule fired, and calls only a stage-4 decline a broken trend (method v2)", async () => {
    expect(REPORTS.FLBK!.stock_summary.technical_analysis.technical_setup).toBe("Failed breakout");
    const failed = (await ask("Should I buy FLBK?")).content;
    expect(failed).toContain("**FLBK · Fallback Robotics — SELL**");
    expect(failed).toContain(REPORTS.FLBK!.stock_summary.recommendation.triggers[0]!);
    expect(failed).toContain("**In short:** a sell signal for holders — its breakout failed");
    expect(failed).not.toContain("the trend is broken");
    expect((await ask("Should I buy DCLN?")).content).toContain("the trend is broken: a stage-4 decline");
  });

  it("does not offer a buy range for an extended breakout, and shows what a buy still needs", async () => {
    const s = REPORTS.XTND!.stock_summary;
    expect([s.recommendation.action, s.technical_analysis.technical_setup, s.trade_setup.buy_point]).toEqual(["WATCH", "Extended", "N/A"]);
    const { content } = await ask("Should I buy XTND?");
    expect(content).toContain("**Buy point:** N/A");
    expect(content).not.toContain("buy range up to");
    expect(content).toContain(s.recommendation.triggers.find((t) => t.startsWith("Needed for a buy:"))!);
    expect(content).toContain("**In short:** not a buy now — the breakout is behind it (extended)");
    expect((await ask("What is the buy point of XTND?")).content).toContain("No buy point now (Extended)");
  });

  it("gives a forming base's buy range as the engine reports it", async () => {
    const { content } = await ask("Should I buy NWSC?");
    const s = nwsc.stock_summary;
    expect(s.recommendation.action).toBe("WATCH");
    expect(content).toContain(`(buy range up to ${price(nwsc.meta.base!.buy_range_high)})`);
    expect(content).toContain(`act only if it breaks out above ${price(s.trade_setup.buy_point as number)}`);
  });

  it("compares stocks in a markdown table and cites both", async () => {
    const { content, citations } = await ask("Compare NWSC and DCLN");
    expect(content).toContain("| Ticker | Action | Price | Buy point | Stop | Target | RS rating | Trend template | EPS growth (latest Q) |");
    for (const ticker of ["NWSC", "DCLN"]) {
      const r = REPORTS[ticker]!;
      expect(content).toContain(`| ${ticker} | ${r.stock_summary.recommendation.action} | ${price(r.stock_summary.current_metrics.price)} |`);
    }
    expect(content).toContain("has the stronger setup");
    expect(citations.map((c) => c.ticker)).toEqual(["NWSC", "DCLN"]);
    expect(content).toContain(`NWSC · as of ${asOf}`);
  });

  it("says what the market is doing", async () => {
    const { content, citations } = await ask("What is the market doing?");
    expect(content).toContain("Confirmed uptrend");
    expect(content).toContain("3 BUY, 10 WATCH, 4 SELL");
    expect(citations).toHaveLength(1);
  });

  it("explains the trading rules", async () => {
    expect((await ask("Explain the 8% stop loss rule")).content).toContain("8% below your purchase price");
    expect((await ask("What is a VCP?")).content).toContain("Volatility contraction pattern");
    expect((await ask("What is the RS rating?")).content).toContain("1–99");
    const rules = await ask("What are the trading rules?");
    expect(rules.content).toContain("Buy stocks above $20 a share with institutional acceptance.");
    expect(rules.content).toContain("Sell if the price drops 8% below your purchase price.");
    expect(rules.citations).toEqual([]);
  });

  it("explains BUY, WATCH and SELL as method v2 decides them", async () => {
    const { content } = await ask("What does SELL mean?");
    expect(content).toContain("BUY, WATCH and SELL");
    expect(content).toContain("buy window");
    expect(content).toContain("'Needed for a buy'");
    for (const rule of ["'Stop hit'", "'Failed breakout'", "'50-day line broken'", "'Stage 4 decline'"]) expect(content).toContain(rule);
    expect(content).not.toContain("3 or fewer criteria");
  });

  it("lists the Trend Template criteria exactly as the reports label them", async () => {
    const { content } = await ask("What is the trend template?");
    for (const criterion of nwsc.meta.trend_template.criteria) expect(content).toContain(criterion.label);
  });

  it("lists the latest news on a stock", async () => {
    const { content, out } = await ask("Latest news on NWSC");
    expect(content).toContain("[Northwind beats estimates](https://news.example/nwsc)");
    expect(content).toContain("Record quarter.");
    expect(out.tools[0]).toEqual({ name: "search_news", label: "Searching news on NWSC…" });
  });

  it("says what it can answer, with examples, when it does not understand", async () => {
    const { content, citations } = await ask("Tell me a joke about cats");
    expect(content).toContain("I answer from Quanta's analyses");
    expect(content).toContain("- Should I buy NWSC?");
    expect(content).toContain("- Compare NWSC and QBIT");
    expect(content).toContain("- What is the market doing?");
    expect(citations).toEqual([]);
  });

  it("asks for a second stock to compare", async () => {
    const { content, citations } = await ask("Compare NWSC");
    expect(content).toContain("To compare, name two or more stocks, e.g. 'Compare NWSC and QBIT'.");
    expect(citations).toEqual([]);
  });

  it("says when a symbol is unknown, and does not take common words for companies", async () => {
    expect((await ask("Should I buy QQZZ?")).content).toContain("I could not find a listing for QQZZ");
    expect((await ask("is there an app for this")).citations).toEqual([]);
    expect((await ask("What do you think about bananas?")).content).toContain("I could not find a listing for 'bananas'");
  });

  it("on the demo market answers an unknown symbol with demo tickers to try, not 'check the symbol'", async () => {
    const answer = await assistant(new FakeTools(), true).answer({ user: USER, message: "Should I buy AAPL?", history: [] }, recorder());
    expect(answer.content).toContain("AAPL is not in the demo market of fictional companies — try NWSC or QBIT.");
    expect(answer.content).not.toContain("Check the symbol");
  });

  it("answers 'how good are your calls?' from the track record: counts, hit and win rates, average R with its interval, labels and a link", async () => {
    const { content, citations, out } = await ask("How good are your calls?");
    expect(out.tools).toEqual([{ name: "track_record", label: "Reading the track record…" }]);
    expect(content).toContain("**Quanta's track record** (calls from 2025-09-02, scored to 2026-11-20, against SPY; engine 2.0.0, 2.1.0)");
    expect(content).toContain("_Simulated: these calls were made on the demo market's simulated prices.");
    expect(content).toContain(
      "- **BUY:** 1,200 calls, 140 trades opened (30 still open) · hit rate 54.1% (setups that beat the benchmark 63 sessions later) · median excess return at +63 sessions +1.2%",
    );
    expect(content).toContain("- **BUY trades closed:** 41 trades · 53.7% winners · average +0.40R (95% interval +0.05R to +0.75R)\n");
    expect(content).toContain("- **SELL:** 2,145 calls, 294 setups (50 still open) · hit rate 58.0% (setups that lagged the benchmark 63 sessions later)");
    expect(content).toContain("- Flat base: 12 trades · 50.0% winners · average +0.20R (95% interval -0.40R to +0.80R) _(fewer than 30 trades — too few to judge)_");
    expect(content).toContain(
      "**Historical simulation** (back-tests of the same rules on past prices, not live calls): S&P 500 stocks, 2009–2017, against SPY (2009–2017, 396 stocks): BUY 488 trades, 50.0% winners · average +0.41R (95% interval +0.26R to +0.58R); trades on random dates with the same stop, target and time limit averaged +0.51R, so BUY did not beat trades on random dates.",
    );
    expect(content.trimEnd().endsWith("Past results do not guarantee future results. Every call and its outcome: [the track record](/track-record).")).toBe(true);
    expect(citations).toEqual([]);
  });

  it("says the BUY figures are too few to judge under 30 closed trades, 'not yet' before any can be measured, leaves out the simulated label on a real market, and answers before any call", async () => {
    const tools = new FakeTools();
    const record = trackRecordSummary({ simulated: false });
    record.actions.BUY = { ...record.actions.BUY, trades: 7 };
    tools.record = record;
    const { content } = await ask("What's your track record?", tools);
    expect(content).toContain("- **BUY trades closed:** 7 trades · 53.7% winners · average +0.40R (95% interval +0.05R to +0.75R) _(fewer than 30 trades — too few to judge)_");
    expect(content).not.toMatch(/simulated/i);

    const young = trackRecordSummary();
    young.actions.BUY = { ...young.actions.BUY, hit_rate: null, trades: 0, win_rate: null, avg_r: null, avg_r_ci95: [null, null] };
    tools.record = young;
    const first = (await ask("How did your BUY calls do?", tools)).content;
    expect(first).toContain("- **BUY:** 1,200 calls, 140 trades opened (30 still open) · hit rate not yet (it is measured 63 sessions after each call)\n");
    expect(first).toContain("- **BUY trades closed:** none yet (a trade closes at its stop, at its target or 126 sessions after the fill)");

    tools.record = emptyTrackRecordSummary();
    const empty = (await ask("how accurate are your recommendations", tools)).content;
    expect(empty).toContain("No call has been recorded yet");
    expect(empty).toContain("_The calls here come from the demo market: simulated prices._");
    expect(empty).toContain("**Historical simulation**");
    expect(empty).toContain("Past results do not guarantee future results.");
  });

  it("answers a follow-up about 'it' from the conversation's last cited stock", async () => {
    const history: PastMessage[] = [
      { role: "user", content: "Should I buy NWSC?", citations: [] },
      { role: "assistant", content: "…", citations: [citation("NWSC", "history")] },
    ];
    const { content } = await ask("What is its target?", new FakeTools(), history);
    expect(content).toContain("**NWSC trade setup**");
  });
});

describe("question parsing", () => {
  it("finds the phrases that may name a stock", () => {
    expect(candidatePhrases("Should I buy NWSC?")).toEqual(["NWSC"]);
    expect(candidatePhrases("compare northwind and Quillbit Software")).toEqual(["northwind", "Quillbit Software"]);
    expect(candidatePhrases("What is the market doing?")).toEqual([]);
    expect(candidatePhrases("Why is BRK.B a WATCH?")).toEqual(["BRK.B"]);
  });

  it("classifies questions", () => {
    expect(classify("Should I buy NWSC?", 1)).toBe("advice");
    expect(classify("What is the buy point of NWSC?", 1)).toBe("levels");
    expect(classify("Why is NWSC a WATCH?", 1)).toBe("why");
    expect(classify("NWSC or QBIT?", 2)).toBe("compare");
    expect(classify("Compare NWSC", 1)).toBe("compare");
    expect(classify("How is the market doing?", 0)).toBe("market");
    expect(classify("Explain the buy range", 0)).toBe("explain");
    expect(classify("Any news on NWSC?", 1)).toBe("news");
    expect(classify("Hello there", 0)).toBe("help");
  });

  it("recognises questions about the track record, and not a stock's own questions", () => {
    for (const question of [
      "How good are your calls?",
      "What's your track record?",
      "show me the track-record",
      "What is your hit rate?",
      "win rate of the buy signals",
      "How accurate are you?",
      "How accurate are Quanta's recommendations?",
      "How did your BUY calls do?",
      "how have your past picks performed",
      "How did Quanta's recommendations work out?",
      "Performance of your recommendations",
      "What are your recommendations' results?",
      "What is your accuracy?",
    ]) {
      expect(classify(question, 0), question).toBe("track-record");
    }
    for (const [question, tickers, intent] of [
      ["How good is NWSC?", 1, "advice"],
      ["How is the market doing?", 0, "market"],
      ["Should I buy NWSC?", 1, "advice"],
      ["How well do you think NWSC will do?", 1, "advice"],
      ["Explain the buy range", 0, "explain"],
    ] as const) {
      expect(classify(question, tickers), question).toBe(intent);
    }
  });

  it("streams markdown in small chunks that join to the whole", async () => {
    const out = recorder();
    const markdown = "Line one has several words in it.\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nEnd.";
    await streamMarkdown(markdown, out, { delayMs: 0 });
    expect(out.text()).toBe(markdown);
    expect(out.deltas).toContain("| a | b |\n");
  });
});
