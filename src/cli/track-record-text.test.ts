import { describe, expect, it } from "vitest";
import { emptyTrackRecordSummary, historicalSimulation, trackRecordSummary } from "../server/test-support/track-record-summary";
import { formatTrackRecord, formatVerification } from "./track-record-text";

const PAGE = "https://quanta.example/track-record";

describe("quanta track-record", () => {
  it("states the record: simulated, engine versions, dates, calls and setups per action, hit rates and median excess returns", () => {
    const text = formatTrackRecord(trackRecordSummary(), PAGE);
    expect(text).toMatch(/^Quanta's track record: every call the daily screen published, scored against SPY\nSIMULATED: these calls were made on the demo market's simulated prices/);
    expect(text).toContain("Engine versions: 2.0.0, 2.1.0");
    expect(text).toContain("First call 2025-09-02 · last session scored 2026-11-20 · figures computed 2026-11-20 21:40 UTC");
    expect(text).toContain("12,345 calls (stock-sessions), 1,234 distinct setups");
    expect(text).toContain("BUY    1,200 calls, 140 trades opened, 30 still open");
    expect(text).toContain("hit rate 54.1% (63 sessions later above the benchmark) · median excess return +21 +0.6%, +63 +1.2%, +126 -2.9%");
    expect(text).toContain("WATCH  9,000 calls, 800 setups, 300 still open");
    expect(text).toContain("+126 —");
    expect(text).toContain("SELL   2,145 calls, 294 setups, 50 still open");
    expect(text).toContain("hit rate 58.0% (63 sessions later below the benchmark)");
  });

  it("gives BUY trades' win rate and average R with its interval, and says so for every figure on fewer than 30 trades", () => {
    const text = formatTrackRecord(trackRecordSummary(), PAGE);
    expect(text).toContain("closed 41 trades: win rate 53.7%, average R +0.40R (95% interval +0.05R to +0.75R)\n");
    expect(text).toContain("exits: 13 at the target, 17 at the stop, 11 timed out");
    expect(text).toContain("BUY trades by base:\n  Flat base: 12 trades: win rate 50.0%, average R +0.20R (95% interval -0.40R to +0.80R) — fewer than 30 trades — too few to judge");
    expect(text).toContain("  VCP: 29 trades: win rate 55.0%, average R +0.48R (95% interval +0.01R to +0.90R) — fewer than 30 trades — too few to judge");
    const few = trackRecordSummary();
    few.actions.BUY = { ...few.actions.BUY, trades: 7 };
    expect(formatTrackRecord(few, PAGE)).toContain("closed 7 trades: win rate 53.7%, average R +0.40R (95% interval +0.05R to +0.75R) — fewer than 30 trades — too few to judge");
  });

  it("adds the historical simulations against their random-date control, the notice and the page's address", () => {
    const text = formatTrackRecord(trackRecordSummary(), PAGE);
    expect(text).toContain("Historical simulation (back-tests of the same rules on past prices, not live calls; see docs/track-record.md):");
    expect(text).toContain("  S&P 500 stocks, 2009–2017, against SPY (2009–2017, 396 tickers, engine 2.0.0)");
    expect(text).toContain("    BUY 488 trades: win rate 50.0%, average R +0.41R (95% interval +0.26R to +0.58R)\n");
    expect(text).toContain("    random-date control: average R +0.51R over 3,000 trades — BUY did not beat trades on random dates");
    expect(text.endsWith("\nPast results do not guarantee future results.\nThe page: https://quanta.example/track-record\n")).toBe(true);
  });

  it("says 'not yet' for a hit rate and trades that cannot be measured yet, not a row of dashes", () => {
    const young = trackRecordSummary();
    young.actions.BUY = { ...young.actions.BUY, hit_rate: null, trades: 0, win_rate: null, avg_r: null, avg_r_ci95: [null, null] };
    const text = formatTrackRecord(young, PAGE);
    expect(text).toContain("BUY    1,200 calls, 140 trades opened, 30 still open\n       hit rate not yet (measured 63 sessions after each call) · median excess return");
    expect(text).toContain("closed trades: none yet (a trade closes at its stop, at its target or 126 sessions after the fill)");
    expect(text).not.toContain("exits: 13");
  });

  it("on a real market drops the simulated label; with no call yet says how calls get recorded", () => {
    expect(formatTrackRecord(trackRecordSummary({ simulated: false }), PAGE)).not.toContain("SIMULATED");
    const empty = formatTrackRecord(emptyTrackRecordSummary({ historical: [] }), PAGE);
    expect(empty).toContain("No call recorded yet.");
    expect(empty).not.toContain("BUY trades by base");
    expect(empty).not.toContain("Historical simulation");
    expect(empty).toContain("Past results do not guarantee future results.");
  });

  it("prints names from the database as text, never as terminal control sequences", () => {
    const text = formatTrackRecord(
      trackRecordSummary({ engine_versions: ["2.0\u001b[2J"], buy_trades_by_setup: {}, historical: [historicalSimulation({ title: "\u001b]0;owned\u0007" })] }),
      PAGE,
    );
    expect(text).not.toContain("\u001b");
    expect(text).not.toContain("\u0007");
  });
});

describe("formatVerification", () => {
  const base = { scope: "market" as const, calls: 12, outcomesChecked: 11, notChecked: [{ ticker: "OLD", date: "2024-01-02", reason: "the bars do not cover the call's sessions" }], outcomes: [], figures: [], matches: true };

  it("says the record matches, and which outcomes it could not replay", () => {
    const text = formatVerification(base);
    expect(text).toContain("12 distinct calls; 11 outcomes replayed");
    expect(text).toContain("OLD 2024-01-02: the bars do not cover the call's sessions");
    expect(text).toContain("Outcomes: match.\nFigures: match.\nThe published record matches its stored calls.");
  });

  it("lists each difference, stored then recomputed", () => {
    const text = formatVerification({
      ...base,
      matches: false,
      outcomes: [{ callId: "c1", ticker: "NVDA", date: "2026-01-05", path: "progress.sessions", stored: "5", recomputed: "29" }],
      figures: [{ path: "calls", stored: "999", recomputed: "3" }, { path: "actions.BUY.hit_rate", stored: "0.9", recomputed: "0.5" }],
    });
    expect(text).toContain("Outcomes: 1 difference (stored → replayed from the call):\n  NVDA 2026-01-05 (call c1) progress.sessions: 5 → 29");
    expect(text).toContain("Figures: 2 differences (stored → recomputed from the stored outcomes):\n  calls: 999 → 3\n  actions.BUY.hit_rate: 0.9 → 0.5");
    expect(text).toContain("The published record does NOT match its stored calls.");
  });

  it("on the demo market blames no difference on the market: its prices never change once drawn", () => {
    const text = formatVerification({ ...base, scope: "simulated", matches: false, figures: [{ path: "calls", stored: "999", recomputed: "3" }] });
    expect(text).toMatch(/^Track record \(demo market, simulated calls\)/);
    expect(text).not.toMatch(/re-simulates|can differ/);
    expect(text).toContain("The published record does NOT match its stored calls.");
  });
});
