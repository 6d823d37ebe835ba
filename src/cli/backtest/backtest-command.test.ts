import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BacktestUsageError, parseBacktestArgs, runBacktest, summaryJson } from "./backtest-command";
import { vendoredPath } from "../../test-fixtures/market-data";

const root = new URL("../../../", import.meta.url).pathname;
const tickers = ["AAPL", "MSFT", "NVDA"].map((t) => vendoredPath(`sp500/${t}.csv.gz`));
const spy = vendoredPath("ohlcv/SPY.csv");
const small = ["--data", tickers.join(","), "--benchmark", spy, "--from", "2012-01-01", "--to", "2013-12-31", "--control", "200", "--workers", "2"];

describe("quanta backtest on 3 real tickers over 2 years", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "quanta-backtest-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("gives the same statistics twice, whatever order the workers finish in", async () => {
    const first = await runBacktest(parseBacktestArgs(small));
    const second = await runBacktest(parseBacktestArgs([...small.slice(0, -1), "1"]));
    expect(summaryJson(second.summary)).toBe(summaryJson(first.summary));
    const s = first.summary;
    expect(s.tickers).toBe(3);
    // Two years of three stocks: every evaluated session is one of the three calls.
    expect(s.actions.BUY.count + s.actions.WATCH.count + s.actions.SELL.count).toBe(s.all_dates.count);
    expect(s.stock_years).toBeCloseTo(s.all_dates.count / 252, 10);
    expect(s.stock_years).toBeGreaterThan(5.5);
    expect(s.control.trades).toBeGreaterThan(150);
    expect(s.control.avg_r_ci95[0]!).toBeLessThanOrEqual(s.control.avg_r!);
    expect(s.control.avg_r_ci95[1]!).toBeGreaterThanOrEqual(s.control.avg_r!);
    expect(s.costs_bp).toBe(10);
    expect(s.costs_bp).toBe(10);
    expect(s.paired_control.trades).toBe(s.actions.BUY.trades);
    expect(Object.values(s.market_states).reduce((sum, m) => sum + (m.share ?? 0), 0)).toBeCloseTo(1, 10);
  }, 120_000);

  it("pairs every BUY trade with the other stocks bought at the same open, with block intervals", async () => {
    const years = ["--data", tickers.join(","), "--benchmark", spy, "--from", "2009-01-01", "--to", "2017-12-31", "--control", "0", "--workers", "2"];
    const { summary: s, results } = await runBacktest(parseBacktestArgs(years));
    const trades = results.flatMap((r) => r.trades);
    expect(trades.length).toBeGreaterThan(3);
    // Every trade has the other two stocks as its control, after the same 10 bp a side.
    expect(trades.every((t) => t.pairedControl!.stocks === 2)).toBe(true);
    expect(s.paired_control.trades).toBe(trades.length);
    expect(s.paired_control.diff_r).toBeCloseTo(trades.reduce((sum, t) => sum + t.r - t.pairedControl!.r, 0) / trades.length, 12);
    expect(s.paired_control.diff_return).toBeCloseTo(trades.reduce((sum, t) => sum + t.return - t.pairedControl!.return, 0) / trades.length, 12);
    expect(s.paired_control.diff_r_ci95[0]!).toBeLessThan(s.paired_control.diff_r_ci95[1]!);
    expect(s.avg_r_ci95_block[0]!).toBeLessThanOrEqual(s.actions.BUY.avg_r!);
    expect(s.avg_r_ci95_block[1]!).toBeGreaterThanOrEqual(s.actions.BUY.avg_r!);
    expect(s.beta_adjusted_excess.d63).toEqual(expect.any(Number));
    // Costs lower every trade's R: the same run without costs has higher R trade by trade.
    const free = (await runBacktest(parseBacktestArgs([...years, "--costs-bp", "0"]))).results.flatMap((r) => r.trades);
    expect(free.map((t) => t.fillDate)).toEqual(trades.map((t) => t.fillDate));
    free.forEach((t, k) => {
      expect(t.r).toBeGreaterThan(trades[k]!.r);
      expect(t.pairedControl!.r).toBeGreaterThan(trades[k]!.pairedControl!.r);
    });
  }, 120_000);

  it("runs as a command and writes the JSON and Markdown reports", async () => {
    const json = path.join(dir, "out.json");
    const markdown = path.join(dir, "out.md");
    const tradesFile = path.join(dir, "trades.csv");
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/main.ts", "backtest", ...small, "--json", json, "--markdown", markdown, "--trades", tradesFile, "--costs-bp", "0"], {
      cwd: root,
    });
    const report = JSON.parse(await readFile(json, "utf8"));
    expect(Object.keys(report.actions)).toEqual(["BUY", "WATCH", "SELL"]);
    for (const action of ["BUY", "WATCH", "SELL"]) {
      expect(Object.keys(report.actions[action])).toEqual(
        expect.arrayContaining(["count", "setups", "hit_rate", "median_excess", "trades", "win_rate", "avg_r", "avg_r_ci95"]),
      );
      expect(Object.keys(report.actions[action].median_excess)).toEqual(["d21", "d63", "d126"]);
    }
    expect(Object.keys(report.control)).toEqual(expect.arrayContaining(["trades", "avg_r", "avg_r_ci95"]));
    expect(report.stock_years).toBeGreaterThan(5);
    expect(report.costs_bp).toBe(0);
    expect(Object.keys(report.paired_control)).toEqual(["trades", "diff_r", "diff_r_ci95", "diff_return"]);
    expect(report.avg_r_ci95_block).toHaveLength(2);
    expect(Object.keys(report.beta_adjusted_excess)).toEqual(["d63"]);
    const rows = (await readFile(tradesFile, "utf8")).trim().split("\n");
    expect(rows[0]).toBe("ticker,signal_date,fill_date,fill_price,stop,exit_date,exit_price,exit_reason,r,paired_control_r");
    expect(rows).toHaveLength(report.actions.BUY.trades + 1);
    for (const row of rows.slice(1)) expect(row).toMatch(/^(AAPL|MSFT|NVDA),2\d{3}-\d\d-\d\d,2\d{3}-\d\d-\d\d,[\d.]+,[\d.]+,2\d{3}-\d\d-\d\d,[\d.]+,(stop|target|time),-?[\d.]+,-?[\d.]+$/);
    const md = await readFile(markdown, "utf8");
    expect(md).toContain("## Back-test 2012-01-01 to 2013-12-31");
    expect(stdout).toContain("| BUY |");
  }, 120_000);
});

describe("quanta backtest --method v3", () => {
  const universe = "AAPL ADBE AMZN AXP BA CMI COST DE DHR EBAY EMR ETN FAST FCX HD INTU MSFT NKE NVDA ORCL QCOM ROK SBUX TJX UNP WMT XOM"
    .split(" ")
    .map((t) => vendoredPath(`sp500/${t}.csv.gz`));
  // Most of these files hold 2008–2011 only.
  const v3 = ["--data", universe.join(","), "--benchmark", "equal-weight", "--from", "2009-01-01", "--to", "2011-06-30", "--control", "100", "--workers", "2"];

  it("replays v3 with its exits, its paired controls and its acceptance tests, per group too", async () => {
    const { summary: s, results } = await runBacktest(parseBacktestArgs([...v3, "--method", "v3", "--split", "A-M"]));
    const trades = results.flatMap((r) => r.trades);
    expect(s.method).toBe("v3");
    expect(trades.length).toBeGreaterThan(10);
    expect(trades.every((t) => t.exitReason !== "target" && t.target === Number.POSITIVE_INFINITY)).toBe(true);
    expect(trades.every((t) => (t.entryPrice - t.stop) / t.entryPrice >= 0.15 - 1e-12)).toBe(true);
    // One trade per stock at a time.
    for (const r of results) r.trades.forEach((t, k) => k > 0 && expect(t.signalDate > r.trades[k - 1]!.exitDate).toBe(true));
    expect(trades.every((t) => t.pairedControl!.stocks >= 20)).toBe(true);
    expect(s.actions.SELL.count).toBe(0);
    const a = s.v3_acceptance!;
    expect(Object.keys(a)).toEqual(["top_decile_d63", "newey_west_t", "months", "paired_diff_r_ci95", "beta_adjusted_d63", "passed"]);
    // Every month of January 2009 to June 2011 has 63 sessions of data after it.
    expect(a.months).toBe(30);
    expect(a.paired_diff_r_ci95).toEqual(s.paired_control.diff_r_ci95);
    expect(a.beta_adjusted_d63).toBe(s.beta_adjusted_excess.d63);
    expect(a.passed.b).toBe(a.paired_diff_r_ci95[0]! > 0);
    expect(Object.keys(s.groups!)).toEqual(["A-M", "rest"]);
    for (const group of Object.values(s.groups!)) expect(group.v3_acceptance!.months).toBeGreaterThan(0);
  }, 120_000);

  it("leaves v2's report without a method or acceptance (its output unchanged)", async () => {
    const { summary } = await runBacktest(parseBacktestArgs(small));
    const json = summaryJson(summary);
    expect(json).not.toContain('"method"');
    expect(json).not.toContain("v3_acceptance");
  }, 120_000);
});

describe("quanta backtest arguments", () => {
  it("refuses missing or malformed arguments with a usage message", () => {
    expect(() => parseBacktestArgs([])).toThrow(BacktestUsageError);
    expect(() => parseBacktestArgs(["--data", "x", "--benchmark", "y", "--from", "2012-13", "--to", "2013-01-01"])).toThrow(/--from takes a date/);
    expect(() => parseBacktestArgs(["--data", "x", "--benchmark", "y", "--from", "2014-01-01", "--to", "2013-01-01"])).toThrow(/--from comes after --to/);
    expect(() => parseBacktestArgs([...small, "--step", "0"])).toThrow(/--step takes a whole number/);
    expect(() => parseBacktestArgs([...small, "--entry", "market"])).toThrow(/--entry is buy-point or buy-range/);
    expect(() => parseBacktestArgs([...small, "--costs-bp", "ten"])).toThrow(/--costs-bp takes a whole number ≥ 0/);
    expect(() => parseBacktestArgs([...small, "--method", "v4"])).toThrow(/--method is v2 or v3/);
  });

  it("takes the documented defaults", () => {
    const args = parseBacktestArgs(["--data", "a,b", "--data", "c", "--benchmark", "equal-weight", "--from", "2009-01-01", "--to", "2017-12-31"]);
    expect(args).toMatchObject({ data: ["a", "b", "c"], step: 1, control: 3000, seed: 42, entry: "buy-range", json: null, markdown: null, split: null, trades: null, costsBp: 10, method: "v2" });
  });
});
