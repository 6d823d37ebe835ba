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
    expect(Object.values(s.market_states).reduce((sum, m) => sum + (m.share ?? 0), 0)).toBeCloseTo(1, 10);
  }, 120_000);

  it("runs as a command and writes the JSON and Markdown reports", async () => {
    const json = path.join(dir, "out.json");
    const markdown = path.join(dir, "out.md");
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli/main.ts", "backtest", ...small, "--json", json, "--markdown", markdown], {
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
  });

  it("takes the documented defaults", () => {
    const args = parseBacktestArgs(["--data", "a,b", "--data", "c", "--benchmark", "equal-weight", "--from", "2009-01-01", "--to", "2017-12-31"]);
    expect(args).toMatchObject({ data: ["a", "b", "c"], step: 1, control: 3000, seed: 42, entry: "buy-range", json: null, markdown: null, split: null });
  });
});
