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

describe("quanta backtest arguments", () => {
  it("refuses missing or malformed arguments with a usage message", () => {
    expect(() => parseBacktestArgs([])).toThrow(BacktestUsageError);
    expect(() => parseBacktestArgs(["--data", "x", "--benchmark", "y", "--from", "2012-13", "--to", "2013-01-01"])).toThrow(/--from takes a date/);
    expect(() => parseBacktestArgs(["--data", "x", "--benchmark", "y", "--from", "2014-01-01", "--to", "2013-01-01"])).toThrow(/--from comes after --to/);
    expect(() => parseBacktestArgs([...small, "--step", "0"])).toThrow(/--step takes a whole number/);
    expect(() => parseBacktestArgs([...small, "--entry", "market"])).toThrow(/--entry is buy-point or buy-range/);
    expect(() => parseBacktestArgs([...small, "--costs-bp", "ten"])).toThrow(/--costs-bp takes a whole number ≥ 0/);
  });

  it("takes the documented defaults", () => {
    const args = parseBacktestArgs(["--data", "a,b", "--data", "c", "--benchmark", "equal-weight", "--from", "2009-01-01", "--to", "2017-12-31"]);
    expect(args).toMatchObject({ data: ["a", "b", "c"], step: 1, control: 3000, seed: 42, entry: "buy-range", json: null, markdown: null, split: null, trades: null, costsBp: 10 });
  });
});
