import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { analysisReportSchema } from "../contracts/stock-summary";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { ContactRepository } from "../server/features/contact/contact.repository";
import { PublicAnalysesRepository } from "../server/features/public-recommendations/public-analyses.repository";
import { stripeCustomers } from "../server/db/schema";
import { trackRecordSummarySchema } from "../contracts/track-record";
import { TrackCallsRepository } from "../server/features/track-record/track-calls.repository";
import { trackRecordSummary } from "../server/test-support/track-record-summary";
import { vendoredPath } from "../test-fixtures/market-data";

interface QuantaRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The `quanta` command as a user runs it, in a child process with only `env` (and PATH, HOME) set.
 * Asynchronous, so the describe blocks below, which share no data directory, run at the same time:
 * each command spends most of its time starting Node and opening its database.
 */
function runQuanta(args: string[], env: Record<string, string>): Promise<QuantaRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["bin/quanta.mjs", ...args], { env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const quanta = (...args: string[]) => runQuanta(args, { DATA_DIR: ".tmp/cli-test-data", MARKET_DATA_PROVIDER: "demo" });

/** Real daily bars, vendored gzipped: the command reads .csv.gz as it reads .csv. */
const ohlcv = (name: string) => vendoredPath(`ohlcv/${name}`);

describe.concurrent("quanta analyze --bars (real CSV)", () => {
  it("prints schema-valid JSON for AAPL's daily bars with SPY as the benchmark", async () => {
    const { code, stdout } = await quanta("analyze", "AAPL", "--bars", ohlcv("AAPL.csv"), "--benchmark", ohlcv("SPY.csv"), "--json");
    expect(code).toBe(0);
    const report = analysisReportSchema.parse(JSON.parse(stdout));
    expect(report.stock_summary.ticker).toBe("AAPL");
    expect(report.meta.as_of).toBe("2018-01-19");
    expect(report.meta.data_source).toBe("csv:AAPL.csv.gz");
    expect(report.meta.demo).toBe(false);
    expect(report.stock_summary.current_metrics.price).toBeCloseTo(178.46, 2);
    // No universe to rank against: the RS rating is against the benchmark file, and says so (method v2).
    expect(report.stock_summary.fundamental_analysis.industry_position).toContain(`${report.meta.rs_rating} vs SPY`);
    expect(report.stock_summary.fundamental_analysis.industry_position).not.toMatch(/percentile|% of the market/);
    expect(report.meta.rs_basis).toBe("benchmark");
  });

  it("with --universe, rates RS as the back-test's universe percentile and names the basis", async () => {
    const universe = ["AAPL", "MSFT", "NVDA", "XOM"].map((t) => vendoredPath(`sp500/${t}.csv.gz`)).join(",");
    const aapl = vendoredPath("sp500/AAPL.csv.gz");
    const json = await quanta("analyze", "AAPL", "--bars", aapl, "--universe", universe, "--benchmark", "equal-weight", "--json");
    expect(json.code).toBe(0);
    const report = analysisReportSchema.parse(JSON.parse(json.stdout));
    expect(report.meta.rs_basis).toBe("universe");
    expect(report.stock_summary.fundamental_analysis.industry_position).toContain("percentile of the analysed universe");
    const text = await quanta("analyze", "AAPL", "--bars", aapl, "--universe", universe);
    expect(text.stdout).toContain("RS basis: percentile among the 4 stocks of the universe on 2021-04-21 (the back-test's rating).");
    const without = await quanta("analyze", "AAPL", "--bars", aapl, "--benchmark", ohlcv("SPY.csv"));
    expect(without.stdout).toContain("RS basis: vs SPY (a difference of weighted returns, not the back-test's universe percentile");
  });

  it("refuses an equal-weighted benchmark without a universe, and --universe without --bars", async () => {
    const alone = await quanta("analyze", "AAPL", "--bars", ohlcv("AAPL.csv"), "--benchmark", "equal-weight");
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--benchmark equal-weight needs --universe");
    const noBars = await quanta("analyze", "AAPL", "--universe", ohlcv("AAPL.csv"));
    expect(noBars.code).toBe(2);
    expect(noBars.stderr).toContain("--universe goes with --bars");
  });

  it("reads lower-case zipline columns too (MSFT, 754 bars)", async () => {
    const { code, stdout } = await quanta("analyze", "msft", "--bars", ohlcv("MSFT.csv"), "--json");
    expect(code).toBe(0);
    expect(analysisReportSchema.parse(JSON.parse(stdout)).stock_summary.ticker).toBe("MSFT");
    const text = await quanta("analyze", "msft", "--bars", ohlcv("MSFT.csv"));
    expect(text.stdout).toContain("RS basis: none (no --benchmark or --universe to rate against).");
  });

  it("refuses a CSV that is too short with the insufficient-history message", async () => {
    const { code, stderr } = await quanta("analyze", "SPY", "--bars", ohlcv("SPY-20200901-20210113.csv"));
    expect(code).toBe(1);
    expect(stderr).toContain("SPY has 92 sessions of price history; the analysis needs at least 260.");
  });
});

describe.concurrent("quanta on the demo market", () => {
  it("prints a readable report with the recommendation, setup and demo notice", async () => {
    const { code, stdout } = await quanta("analyze", "northwind");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^NWSC — Northwind Semiconductor {2}(BUY|WATCH|SELL)/);
    expect(stdout).toContain("simulated demo data");
    expect(stdout).toContain("Trend Template");
  });

  it("screens the universe into BUY, WATCH and SELL names", async () => {
    const { code, stdout } = await quanta("screen", "--json");
    expect(code).toBe(0);
    const reports = JSON.parse(stdout) as { stock_summary: { recommendation: { action: string } } }[];
    expect(reports).toHaveLength(45);
    const actions = new Set(reports.map((r) => r.stock_summary.recommendation.action));
    // The CLI screens today's session, and on the demo market a BUY needs a breakout that day or in the
    // few sessions before: some days have none. Bases to watch and decliners to sell are there every day.
    expect(["BUY", "SELL", "WATCH"]).toEqual(expect.arrayContaining([...actions]));
    expect(actions).toContain("WATCH");
    expect(actions).toContain("SELL");
  });

  it("answers an unknown ticker with demo tickers to try and exit code 1", async () => {
    const { code, stderr } = await quanta("analyze", "zzzz");
    expect(code).toBe(1);
    expect(stderr.trim()).toBe("ZZZZ is not in the demo market — try NWSC (Northwind Semiconductor), QBIT (Quillbit Software)");
  });
});

describe.concurrent("quanta analyze with an unreachable provider", () => {
  it("prints the provider's one-line message, no stack trace, and exits 1", async () => {
    const result = await runQuanta(["analyze", "NWSC"], {
      DATA_DIR: ".tmp/cli-test-data",
      MARKET_DATA_PROVIDER: "fmp",
      FMP_API_KEY: "test-key",
      // Nothing listens on port 1.
      FMP_BASE_URL: "http://127.0.0.1:1",
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Market data from Financial Modeling Prep is unavailable: /);
    expect(result.stderr).not.toMatch(/\bat .+\(|Node\.js v/);
  });
});

describe.concurrent("quanta refresh", () => {
  it("re-analyses the public lists into the configured database, rating RS against the universe like the server's job", async () => {
    const { code, stdout } = await quanta("refresh");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Refreshed the public lists: 4\d analysed\.$/m);
    // The CLI and the server share one composition (createServices): the universe's RS scores are
    // computed before the run, so each stored report ranks the stock in the universe, not against SPY.
    const database = await openDatabase(loadConfig({ DATA_DIR: ".tmp/cli-test-data", LOG_LEVEL: "silent" }));
    try {
      const rows = await new PublicAnalysesRepository(database.db).list();
      expect(rows.length).toBeGreaterThan(40);
      for (const row of rows) {
        const report = analysisReportSchema.parse(row.analysis);
        expect(report.stock_summary.fundamental_analysis.industry_position, row.ticker).toContain("percentile of the analysed universe");
      }
    } finally {
      await database.close();
    }
  });
});

// Beside the other commands, but its tests one after the other: they share a data directory.
describe.concurrent("quanta contact list", () => {
  const dataDir = ".tmp/cli-contact-data";
  const contact = (...args: string[]) => runQuanta(["contact", ...args], { DATA_DIR: dataDir });

  it.sequential("prints the stored messages newest first, one per line", async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    try {
      const repository = new ContactRepository(database.db);
      await repository.add({ id: "m1", name: "Ada", email: "ada@example.com", message: "First\nline two", timestamp: new Date("2026-11-20T10:00:00Z"), ip: null });
      await repository.add({ id: "m2", name: "Bob", email: "bob@example.com", message: null, timestamp: new Date("2026-11-21T09:30:00Z"), ip: "203.0.113.7" });
    } finally {
      await database.close();
    }
    // One process at a time: the embedded database takes one process per data directory.
    const { code, stdout } = await contact("list");
    const asJson = await contact("list", "--json");
    const send = await contact("send");
    expect(code).toBe(0);
    expect(stdout).toBe(
      "2026-11-21T09:30:00.000Z\tBob\tbob@example.com\t\n2026-11-20T10:00:00.000Z\tAda\tada@example.com\tFirst ⏎ line two\n",
    );
    expect((JSON.parse(asJson.stdout) as { name: string }[]).map((m) => m.name)).toEqual(["Bob", "Ada"]);
    expect(send.code).toBe(2);
  }, 120_000);

  it.sequential("cannot act on the operator's terminal: escape sequences, C1 controls and bidi overrides print as '�'", async () => {
    // The data directory of the test above (one database set-up less); this message is the newest.
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    try {
      await new ContactRepository(database.db).add({
        id: randomUUID(),
        name: "Mallory\x1b[2J\x1b[H",
        email: "m\u009b31m@example.com",
        message: "Refund \u202Efdp.exe\u202C please\r\nline\rOVERWRITE\x1b]0;owned\x07 \u2066hidden\u2069\u200f\u061c",
        timestamp: new Date("2026-11-22T08:00:00Z"),
        ip: null,
      });
    } finally {
      await database.close();
    }
    const listed = await contact("list");
    const asJson = await contact("list", "--json");
    expect(listed.code).toBe(0);
    expect(listed.stdout.split("\n")[0]).toBe(
      "2026-11-22T08:00:00.000Z\tMallory�[2J�[H\tm�31m@example.com\tRefund �fdp.exe� please ⏎ line ⏎ OVERWRITE�]0;owned� �hidden���",
    );
    // The JSON listing keeps the data, with those code points escaped.
    expect(asJson.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/); // eslint-disable-line no-control-regex
    expect((JSON.parse(asJson.stdout) as { name: string; email: string }[])[0]).toMatchObject({ name: "Mallory\x1b[2J\x1b[H", email: "m\u009b31m@example.com" });
  }, 120_000);
});

// Beside the other commands, but its tests one after the other: they share a data directory.
describe.concurrent("quanta track-record", () => {
  const dataDir = ".tmp/cli-track-record-data";
  const trackRecord = (...args: string[]) =>
    runQuanta(["track-record", ...args], { DATA_DIR: dataDir, MARKET_DATA_PROVIDER: "demo", APP_URL: "https://quanta.example" });

  /** The figures row the daily refresh stores after scoring (TrackRecordService.refreshFigures), written directly. */
  const storeFiguresByHand = async () => {
    const { historical: _historical, simulated: _simulated, benchmark_name: _name, min_meaningful_trades: _minimum, ...figures } = trackRecordSummary();
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    try {
      await new TrackCallsRepository(database.db).saveFigures("simulated", figures, new Date(figures.computed_at!));
    } finally {
      await database.close();
    }
  };

  it.sequential("prints the record's summary from the database the server writes: empty at first, then its figures; --json is the API's summary", async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const empty = await trackRecord();
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain("SIMULATED: these calls were made on the demo market's simulated prices.");
    expect(empty.stdout).toContain("No call recorded yet.");
    // The historical simulations shipped in docs/backtest.
    expect(empty.stdout).toContain("S&P 500 stocks, 2009–2017, against SPY (2009–2017, 396 tickers");
    expect(empty.stdout).toContain("Past results do not guarantee future results.\nThe page: https://quanta.example/track-record\n");

    await storeFiguresByHand();
    const text = await trackRecord();
    const json = await trackRecord("--json");
    const csv = await trackRecord("--csv");
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("12,345 calls (stock-sessions), 1,234 distinct setups");
    expect(text.stdout).toContain("closed 41 trades: win rate 53.7%, average R +0.40R (95% interval +0.05R to +0.75R)\n");
    expect(text.stdout).toContain("Flat base: 12 trades: win rate 50.0%, average R +0.20R (95% interval -0.40R to +0.80R) — fewer than 30 trades — too few to judge");

    expect(json.code).toBe(0);
    const summary = trackRecordSummarySchema.parse(JSON.parse(json.stdout));
    expect(summary).toMatchObject({ simulated: true, calls: 12_345, benchmark_name: "SPY", min_meaningful_trades: 30 });
    expect(summary.historical.length).toBeGreaterThan(0);
    expect(csv.code).toBe(1);
  }, 120_000);

  it.sequential("verify: exit 0 when the published figures are what the stored calls give, 1 with each difference otherwise", async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const fresh = await trackRecord("verify");
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(fresh.stdout).toContain("Outcomes: match.\nFigures: match.\nThe published record matches its stored calls.");

    // Figures that no stored call gives: as if the row had been written by hand.
    await storeFiguresByHand();
    const tampered = await trackRecord("verify");
    const json = await trackRecord("verify", "--json");
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toContain("  calls: 12345 → 0\n");
    expect(tampered.stdout).toContain("The published record does NOT match its stored calls.");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ matches: false, figures: expect.arrayContaining([{ path: "calls", stored: "12345", recomputed: "0" }]) });
  }, 120_000);
});

describe.concurrent("quanta providers check", () => {
  it("walks through the configured provider (the demo market here, offline) and says what passed", async () => {
    const { code, stdout } = await quanta("providers", "check", "ECHF");
    expect(code).toBe(0);
    expect(stdout).toContain("Checking simulated demo data with ECHF (benchmark SPY)");
    for (const step of ["profile", "search", "daily bars", "benchmark", "fundamentals", "analysis"]) {
      expect(stdout).toMatch(new RegExp(`ok\\s+${step}`));
    }
    expect(stdout).toContain("All checks passed.");
  });
});

describe.concurrent("quanta premium", () => {
  const dataDir = ".tmp/cli-premium-data";
  const premium = (...args: string[]) => runQuanta(["premium", ...args], { DATA_DIR: dataDir });

  it("grants (for N days or until revoked), lists and revokes premium for an e-mail, in the database the server reads", async () => {
    rmSync(dataDir, { recursive: true, force: true });
    expect((await premium("grant", "Ann@Example.com", "--days", "30")).stdout).toMatch(/^ann@example\.com is premium until \d{4}-\d{2}-\d{2}T/);
    expect((await premium("grant", "bob@example.com")).stdout).toBe("bob@example.com is premium until revoked.\n");
    const listed = (await premium("list")).stdout.trim().split("\n").map((line) => line.split("\t"));
    expect(listed.map((cells) => [cells[0], cells[1], cells[2], cells[4]]).sort()).toEqual([
      ["ann@example.com", "active", "manual", "premium"],
      ["bob@example.com", "active", "manual", "premium"],
    ]);
    expect((await premium("revoke", "ANN@example.com")).stdout).toBe("ann@example.com is no longer premium.\n");
    expect(await premium("revoke", "ann@example.com")).toMatchObject({ code: 1, stderr: "No premium record for ann@example.com.\n" });
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    try {
      const customers = await database.db.select().from(stripeCustomers);
      expect(customers.map((row) => row.email)).toEqual(["bob@example.com"]);
    } finally {
      await database.close();
    }
    const zeroDays = await premium("grant", "bob@example.com", "--days", "0");
    const notAnEmail = await premium("grant", "not-an-email");
    expect(zeroDays.code).toBe(2);
    expect(notAnEmail.code).toBe(2);
  }, 120_000);
});

describe.concurrent("quanta users delete", () => {
  const dataDir = ".tmp/cli-users-delete-data";
  const users = (...args: string[]) => runQuanta(["users", ...args], { DATA_DIR: dataDir });

  it("deletes an account and everything of it without asking, says what went and the plan row it kept", async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    try {
      for (const [id, email] of [["u-ann", "ann@example.com"], ["u-bob", "bob@example.com"]]) {
        await database.executeSql("insert into users (id, name, email, email_verified) values ($1, 'x', $2, true)", [id, email]);
        await database.executeSql("insert into stock_analyses (id, user_id, ticker, action, analysis) values ($1, $2, 'NWSC', 'BUY', '{}')", [`a-${id}`, id]);
        await database.executeSql("insert into watch_items (user_id, ticker) values ($1, 'NWSC')", [id]);
        await database.executeSql("insert into positions (id, user_id, ticker, opened_on, source) values ($1, $2, 'NWSC', '2026-01-05', 'manual')", [`p-${id}`, id]);
        await database.executeSql("insert into position_trades (id, position_id, user_id, trade_date, side, shares, price) values ($1, $2, $3, '2026-01-05', 'buy', 3, 10)", [`t-${id}`, `p-${id}`, id]);
      }
      await database.executeSql("insert into stripe_customers (email, status, source) values ('ann@example.com', 'active', 'manual')");
    } finally {
      await database.close();
    }
    const deleted = await users("delete", "Ann@Example.com");
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toBe(
      "Deleted ann@example.com: 1 analyses, 1 watched stocks, 0 alerts, 0 saved screens, 1 positions (1 trades), 0 chat conversations, 0 sessions.\n" +
        "Kept the plan row of ann@example.com (active, manual): cancel a Stripe subscription in Stripe, or 'quanta premium revoke' a manual grant.\n",
    );
    expect((await users("list")).stdout).toBe("bob@example.com\tverified\tactive\n");
    expect(await users("delete", "ann@example.com")).toMatchObject({ code: 1, stderr: "No account with the e-mail ann@example.com.\n" });
    const after = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }));
    try {
      const count = async (table: string) => Number((await after.executeSql(`select count(*)::int as n from ${table}`)).rows[0]?.n);
      expect([await count("stock_analyses"), await count("watch_items"), await count("positions"), await count("position_trades")]).toEqual([1, 1, 1, 1]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
