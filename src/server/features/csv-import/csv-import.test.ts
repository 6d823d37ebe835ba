import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseCsv } from "../../../core/csv/csv";
import { stockAnalyses } from "../../db/schema";
import { testDatabaseKinds } from "../../test-support/test-database";
import { TEST_ORIGIN, apiHeaders, createVerifiedUser, json, multipartForm, sessionCookie, startTestApp, type TestApp } from "../../test-support/test-app";

type ImportBody = { success: true; format: string; total: number; imported: number; skipped: number };
type ErrorBody = { error: string; code: string; errors?: { line: number; column: string; message: string }[] };

const samples = path.resolve(import.meta.dirname, "../../../../docs/samples");
const flatSample = readFileSync(path.join(samples, "analyses-flat.csv"));
const exportSample = readFileSync(path.join(samples, "analyses-export.csv"));

/** A multipart body with one file part, as a browser sends `<input type=file>`. */
function fileForm(content: Buffer | string, filename = "analyses.csv", type = "text/csv"): { payload: Buffer; headers: Record<string, string> } {
  const boundary = "----QuantaCsvTestBoundary9x8y7z";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8"), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(t: TestApp, jwt: string, content: Buffer | string, filename?: string, type?: string) {
  const form = fileForm(content, filename, type);
  return t.app.inject({ method: "POST", url: "/user/stock-analyses-csv/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
}

function download(t: TestApp, jwt: string) {
  return t.app.inject({ method: "GET", url: "/user/stock-analyses-csv/", headers: apiHeaders(jwt) });
}

async function analyze(t: TestApp, jwt: string, input: string) {
  const form = multipartForm({ input });
  const response = await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
  expect(response.statusCode).toBe(200);
  return json<{ response: { stock_summary: Record<string, unknown> } }>(response).response;
}

async function rowsOf(t: TestApp, userId: string) {
  return t.database.db.select().from(stockAnalyses).where(eq(stockAnalyses.userId, userId)).orderBy(stockAnalyses.createdAt, stockAnalyses.id);
}

/** A flat-format table from the sample, with `edit` applied to each data row (by column name). */
function flatWith(edit: (row: Record<string, string>, index: number) => void, extraRows = 0): string {
  const [header, ...body] = parseCsv(flatSample.toString("utf8")).map((r) => r.fields);
  const rows = body.map((fields) => Object.fromEntries(header!.map((name, k) => [name, fields[k]!])));
  for (let k = 0; k < extraRows; k++) rows.push({ ...rows[0]!, timestamp: new Date(Date.UTC(2020, 0, 1) + k * 60_000).toISOString() });
  rows.forEach(edit);
  const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [header!.join(","), ...rows.map((row) => header!.map((name) => quote(row[name] ?? "")).join(","))].join("\n") + "\n";
}

describe.each(testDatabaseKinds("database-behaviour"))("CSV import and export on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  it("imports the documented flat sample, shows it in the history, and skips it the second time", async () => {
    const { jwt, userId } = await createVerifiedUser(t, "flat@example.com");
    const first = await upload(t, jwt, flatSample);
    expect(first.statusCode).toBe(200);
    expect(json<ImportBody>(first)).toEqual({ success: true, format: "flat", total: 2, imported: 2, skipped: 0 });
    const second = await upload(t, jwt, flatSample);
    expect(json<ImportBody>(second)).toEqual({ success: true, format: "flat", total: 2, imported: 0, skipped: 2 });
    expect(await rowsOf(t, userId)).toHaveLength(2);

    const history = json<{ analyses: { analysis: { stock_summary: { ticker: string; fundamental_analysis: { quarterly_eps_growth: number[] } } } }[] }>(
      await t.app.inject({ url: "/user/stock-analyses/?ticker=ACME", headers: apiHeaders(jwt) }),
    );
    expect(history.analyses).toHaveLength(1);
    expect(history.analyses[0]!.analysis.stock_summary.fundamental_analysis.quarterly_eps_growth).toEqual([0.32, 0.27, 0.21]);
  });

  it("exports the caller's analyses with a dated attachment name; export then import round-trips exactly", async () => {
    const owner = await createVerifiedUser(t, "owner@example.com");
    await analyze(t, owner.jwt, "NWSC");
    expect((await upload(t, owner.jwt, flatSample)).statusCode).toBe(200);
    const exported = await download(t, owner.jwt);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("text/csv");
    expect(exported.headers["content-disposition"]).toMatch(/^attachment; filename="quanta-analyses-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = parseCsv(exported.body);
    expect(records[0]!.fields).toEqual(["id", "ticker", "timestamp", "analysis"]);
    expect(records).toHaveLength(4);

    // Importing one's own export changes nothing.
    expect(json<ImportBody>(await upload(t, owner.jwt, exported.body))).toMatchObject({ format: "export", imported: 0, skipped: 3 });

    // Into an empty account: the same rows, the same file.
    const copy = await createVerifiedUser(t, "copy@example.com");
    expect(json<ImportBody>(await upload(t, copy.jwt, exported.body))).toMatchObject({ imported: 3, skipped: 0 });
    const again = await download(t, copy.jwt);
    const strip = (csv: string) => parseCsv(csv).map((r) => r.fields.slice(1));
    expect(strip(again.body)).toEqual(strip(exported.body));
    // The owner's ids are theirs: the copy got new ones, and re-importing is still harmless.
    expect(parseCsv(again.body).slice(1).map((r) => r.fields[0])).not.toContain(records[1]!.fields[0]);
    expect(json<ImportBody>(await upload(t, copy.jwt, exported.body))).toMatchObject({ imported: 0, skipped: 3 });

    // Delete everything and import the export back: identical, ids included.
    await t.database.db.delete(stockAnalyses).where(eq(stockAnalyses.userId, owner.userId));
    expect(json<ImportBody>(await upload(t, owner.jwt, exported.body))).toMatchObject({ imported: 3, skipped: 0 });
    expect((await download(t, owner.jwt)).body).toBe(exported.body);
  });

  it("imports the export sample (UTF-8 BOM, CRLF) and a LF copy of it as the same rows", async () => {
    const { jwt, userId } = await createVerifiedUser(t, "bom@example.com");
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), exportSample]);
    expect(exportSample.toString("utf8")).toContain("\r\n");
    expect(json<ImportBody>(await upload(t, jwt, withBom))).toEqual({ success: true, format: "export", total: 1, imported: 1, skipped: 0 });
    const lf = exportSample.toString("utf8").replace(/\r\n/g, "\n");
    expect(json<ImportBody>(await upload(t, jwt, lf))).toMatchObject({ imported: 0, skipped: 1 });
    const [row] = await rowsOf(t, userId);
    expect(row!.id).toBe("3f9c2a7e-5b1d-4c8e-9a61-0d2e7b4f8c15");
    expect(row!.createdAt.toISOString()).toBe("2025-06-30T20:00:00.000Z");
  });

  it("keeps unicode text and escapes formula cells on export, and the import reverses the escaping", async () => {
    const { jwt } = await createVerifiedUser(t, "unicode@example.com");
    const csv = flatWith((row, k) => {
      if (k === 0) {
        row.ticker = "=1+2";
        row["fundamental_analysis.industry_position"] = "Zürich · 東京 · São Paulo 🚀, \"quoted\"";
        row["recommendation.risk_management"] = "@SUM(A1:A9)";
      }
    });
    expect(json<ImportBody>(await upload(t, jwt, csv))).toMatchObject({ imported: 2 });
    const exported = await download(t, jwt);
    expect(exported.body).not.toMatch(/(^|,)[=+\-@\t\r]/m);
    const row = parseCsv(exported.body).find((r) => r.fields[1] === "'=1+2");
    expect(row).toBeDefined();
    const analysis = JSON.parse(row!.fields[3]!) as { stock_summary: { fundamental_analysis: { industry_position: string }; recommendation: { risk_management: string } } };
    expect(analysis.stock_summary.fundamental_analysis.industry_position).toBe("Zürich · 東京 · São Paulo 🚀, \"quoted\"");
    const fresh = await createVerifiedUser(t, "unicode2@example.com");
    expect(json<ImportBody>(await upload(t, fresh.jwt, exported.body))).toMatchObject({ imported: 2 });
    const tickers = json<{ analyses: { analysis: { stock_summary: { ticker: string } } }[] }>(await t.app.inject({ url: "/user/stock-analyses/", headers: apiHeaders(fresh.jwt) }));
    expect(tickers.analyses.map((a) => a.analysis.stock_summary.ticker).sort()).toEqual(["=1+2", "GLBX"]);
  });

  it("rejects the whole file with {line, column, message} for wrong types, missing values, missing and extra columns, and writes nothing", async () => {
    const { jwt, userId } = await createVerifiedUser(t, "invalid@example.com");
    await analyze(t, jwt, "NWSC");
    const before = await rowsOf(t, userId);

    const wrongTypes = flatWith((row, k) => {
      if (k === 1) {
        row["current_metrics.price"] = "abc";
        row["recommendation.action"] = "HOLD";
        row["trade_setup.setup_type"] = "";
        row.timestamp = "yesterday";
      }
    });
    const bad = await upload(t, jwt, wrongTypes);
    expect(bad.statusCode).toBe(400);
    const body = json<ErrorBody>(bad);
    expect(body.code).toBe("invalid_rows");
    expect(body.error).toContain("Nothing was changed");
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { line: expect.any(Number), column: "current_metrics.price", message: 'Expected a number, got "abc".' },
        expect.objectContaining({ column: "timestamp" }),
      ]),
    );
    expect(body.errors!.every((e) => e.line > 2)).toBe(true);

    const actionsAndBlanks = json<ErrorBody>(await upload(t, jwt, flatWith((row, k) => {
      if (k === 0) {
        row["recommendation.action"] = "HOLD";
        row["trade_setup.setup_type"] = "";
      }
    })));
    expect(actionsAndBlanks.errors!.map((e) => e.column).sort()).toEqual(["recommendation.action", "trade_setup.setup_type"]);
    expect(actionsAndBlanks.errors!.find((e) => e.column === "trade_setup.setup_type")!.message).toBe("A value is required.");

    const missingColumn = flatSample.toString("utf8").replace(",risk_assessment.setup_risks", "");
    const missing = json<ErrorBody>(await upload(t, jwt, missingColumn));
    expect(missing.errors).toContainEqual({ line: 1, column: "risk_assessment.setup_risks", message: 'Missing column "risk_assessment.setup_risks".' });

    const extraColumn = json<ErrorBody>(await upload(t, jwt, "id,ticker,timestamp,analysis,notes\n1,NWSC,2025-01-01,{},x\n"));
    expect(extraColumn.errors).toContainEqual({ line: 1, column: "notes", message: 'Unknown column "notes" for the export format.' });

    const fields = json<ErrorBody>(await upload(t, jwt, "id,ticker,timestamp,analysis\nabc,NWSC,2025-01-01\nabd,NWSC,2025-01-01,{},extra\n"));
    expect(fields.errors).toEqual([
      { line: 2, column: "analysis", message: "Expected 4 fields, found 3." },
      { line: 3, column: "column 5", message: "Expected 4 fields, found 5." },
    ]);

    const exportRows = exportSample.toString("utf8").replace('""price"":178.8', '""price"":""cheap""').replace("3f9c2a7e", "4f9c2a7e");
    const typed = json<ErrorBody>(await upload(t, jwt, exportRows));
    expect(typed.errors).toEqual([{ line: 2, column: "analysis", message: expect.stringMatching(/^stock_summary\.current_metrics\.price: /) }]);
    const notJson = json<ErrorBody>(await upload(t, jwt, 'id,ticker,timestamp,analysis\nx1,NWSC,2025-01-01,"{not json"\n'));
    expect(notJson.errors![0]).toMatchObject({ line: 2, column: "analysis", message: expect.stringContaining("Not valid JSON") });

    // One bad row among good ones: the good ones are not written either.
    const mixed = exportSample.toString("utf8") + 'zz9,NWSC,2025-01-02T00:00:00Z,"{}"\r\n';
    const mixedBody = json<ErrorBody>(await upload(t, jwt, mixed));
    expect(mixedBody.errors![0]!.line).toBe(3);
    expect(await rowsOf(t, userId)).toEqual(before);
  });

  it("rejects malformed quotes with the line", async () => {
    const { jwt, userId } = await createVerifiedUser(t, "quotes@example.com");
    const response = await upload(t, jwt, 'id,ticker,timestamp,analysis\nq1,NWSC,2025-01-01,"{""a"":1}\nq2,NWSC,2025-01-01,{}\n');
    expect(response.statusCode).toBe(400);
    expect(json<ErrorBody>(response).errors![0]).toMatchObject({ line: 2, message: expect.stringContaining("never closed") });
    const inner = json<ErrorBody>(await upload(t, jwt, "id,ticker,timestamp,analysis\nq2,NW\"SC,2025-01-01,{}\n"));
    expect(inner.errors![0]).toMatchObject({ line: 2, message: expect.stringContaining("quote inside an unquoted field") });
    expect(await rowsOf(t, userId)).toEqual([]);
  });

  it("refuses a 6 MB file with 413, 10,001 rows with 400, a PNG renamed .csv with 400, and no file with 400", async () => {
    const { jwt, userId } = await createVerifiedUser(t, "limits@example.com");
    const big = await upload(t, jwt, "id,ticker,timestamp,analysis\n" + "x".repeat(6 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(json<ErrorBody>(big)).toEqual({ error: "The file is larger than 5 MB. Split it into smaller files and upload them one by one.", code: "file_too_large" });

    const header = "id,ticker,timestamp,analysis\n";
    const tooMany = await upload(t, jwt, header + "a,B,2025-01-01,{}\n".repeat(10_001));
    expect(tooMany.statusCode).toBe(400);
    expect(json<ErrorBody>(tooMany)).toEqual({
      error: "The file has 10,001 rows; at most 10,000 can be imported at once. Split it into smaller files.",
      code: "too_many_rows",
    });

    const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a49444154789c6300010000050001", "hex");
    const notCsv = await upload(t, jwt, png, "chart.csv", "text/csv");
    expect(notCsv.statusCode).toBe(400);
    expect(json<ErrorBody>(notCsv).code).toBe("not_csv");
    expect(json<ErrorBody>(notCsv).error).toContain("not a CSV");

    const form = multipartForm({ other: "x" });
    const none = await t.app.inject({ method: "POST", url: "/user/stock-analyses-csv/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    expect(json<ErrorBody>(none)).toEqual({ error: "Please select a file first", code: "file_required" });
    expect(json<ErrorBody>(await upload(t, jwt, "id,ticker,timestamp,analysis\r\n")).code).toBe("empty_csv");
    expect(await rowsOf(t, userId)).toEqual([]);
  });

  it("imports 10,000 rows in one go", { timeout: 60_000 }, async () => {
    const { jwt, userId } = await createVerifiedUser(t, "bulk@example.com");
    const [header] = parseCsv(flatSample.toString("utf8")).map((r) => r.fields);
    const cellFor = (name: string, k: number) =>
      name === "id" || name.endsWith("triggers") || name.endsWith("risk_factors") || name.endsWith("eps_growth") || name.startsWith("institutional")
        ? ""
        : name === "timestamp"
          ? new Date(Date.UTC(2020, 0, 1) + k * 60_000).toISOString()
          : name === "ticker"
            ? "BULK"
            : name === "recommendation.action"
              ? "WATCH"
              : /price|volume|high|low|point|stop|ema|distance/.test(name)
                ? "1"
                : "x";
    const csv = [header!.join(","), ...Array.from({ length: 10_000 }, (_, k) => header!.map((name) => cellFor(name, k)).join(","))].join("\n");
    const response = await upload(t, jwt, csv);
    expect(json<ImportBody>(response)).toMatchObject({ total: 10_000, imported: 10_000 });
    expect(await rowsOf(t, userId)).toHaveLength(10_000);
  });

  it("never takes over an id held by another account: new id, the other row untouched, the same answer as for an unused id", async () => {
    const alice = await createVerifiedUser(t, "alice-ids@example.com");
    const bob = await createVerifiedUser(t, "bob-ids@example.com");
    // Two tickers: the same ticker on the same data date is answered from the stored row (decision 020).
    await analyze(t, alice.jwt, "NWSC");
    await analyze(t, alice.jwt, "QBIT");
    const [kept, removed] = await rowsOf(t, alice.userId);
    expect((await t.app.inject({ method: "DELETE", url: `/user/stock-analyses/${removed!.id}`, headers: apiHeaders(alice.jwt) })).statusCode).toBe(200);
    const aliceBefore = await rowsOf(t, alice.userId);

    // Bob's files: his own reports, under Alice's ids (one live, one removed) or under unused ids.
    const [header, sample] = exportSample.toString("utf8").trim().split("\r\n");
    const fileWith = (rows: [id: string, timestamp: string][]) =>
      [header, ...rows.map(([id, timestamp]) => sample!.replace("3f9c2a7e-5b1d-4c8e-9a61-0d2e7b4f8c15", id).replace("2025-06-30T20:00:00.000Z", timestamp))].join("\r\n");
    const taken = fileWith([[kept!.id, "2025-07-01T20:00:00.000Z"], [removed!.id, "2025-07-02T20:00:00.000Z"]]);
    const unused = fileWith([["bob-own-1", "2025-07-03T20:00:00.000Z"], ["bob-own-2", "2025-07-04T20:00:00.000Z"]]);

    const takenAnswer = await upload(t, bob.jwt, taken);
    const unusedAnswer = await upload(t, bob.jwt, unused);
    expect(takenAnswer.statusCode).toBe(200);
    expect(takenAnswer.body).toBe(unusedAnswer.body);
    expect(json<ImportBody>(takenAnswer)).toEqual({ success: true, format: "export", total: 2, imported: 2, skipped: 0 });
    // Importing them again: skipped alike.
    expect((await upload(t, bob.jwt, taken)).body).toBe((await upload(t, bob.jwt, unused)).body);

    expect(await rowsOf(t, alice.userId)).toEqual(aliceBefore);
    const bobIds = (await rowsOf(t, bob.userId)).map((row) => row.id);
    expect(bobIds).toHaveLength(4);
    expect(bobIds).toEqual(expect.arrayContaining(["bob-own-1", "bob-own-2"]));
    expect(bobIds).not.toContain(kept!.id);
    expect(bobIds).not.toContain(removed!.id);
    const bobExport = (await download(t, bob.jwt)).body;
    expect(bobExport).not.toContain(kept!.id);
    expect(bobExport).not.toContain(removed!.id);

    // Alice still owns both: her removed analysis comes back, and her history and export are hers.
    expect((await t.app.inject({ method: "POST", url: `/user/stock-analyses/${removed!.id}/restore`, headers: apiHeaders(alice.jwt) })).statusCode).toBe(200);
    const aliceExport = parseCsv((await download(t, alice.jwt)).body).slice(1);
    expect(aliceExport.map((r) => r.fields[0]).sort()).toEqual([kept!.id, removed!.id].sort());
  });

  // Only PostgreSQL runs two transactions at once (PGlite has one connection).
  if (kind.name === "postgres") it("stores a row under a new id when another account commits that id while the import runs (no 500)", async () => {
    const alice = await createVerifiedUser(t, "alice-race@example.com");
    const bob = await createVerifiedUser(t, "bob-race@example.com");
    const raceId = "3f9c2a7e-5b1d-4c8e-9a61-0d2e7b4f8c15"; // the id in the export sample Bob uploads
    let inserted!: () => void;
    let release!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const aliceWrite = t.database.db.transaction(async (tx) => {
      await tx.insert(stockAnalyses).values({ id: raceId, userId: alice.userId, ticker: "ALICE", action: "BUY", analysis: { mine: true }, createdAt: new Date("2024-01-02T00:00:00Z") });
      inserted();
      await gate;
    });
    await insertedNow;
    // Bob's import checks the id (Alice's row is not committed, so not visible), then its insert waits on Alice's.
    const bobImport = upload(t, bob.jwt, exportSample);
    const deadline = Date.now() + 10_000;
    for (;;) {
      const waiting = (await t.database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (waiting.rows[0]!.n > 0) break;
      if (Date.now() > deadline) throw new Error("the import never waited on the other account's insert");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    await aliceWrite;

    const answer = await bobImport;
    expect(answer.statusCode).toBe(200);
    expect(json<ImportBody>(answer)).toEqual({ success: true, format: "export", total: 1, imported: 1, skipped: 0 });
    const [aliceRow] = await rowsOf(t, alice.userId);
    expect(aliceRow).toMatchObject({ id: raceId, ticker: "ALICE", analysis: { mine: true }, deletedAt: null });
    const bobRows = await rowsOf(t, bob.userId);
    expect(bobRows).toHaveLength(1);
    expect(bobRows[0]!.id).not.toBe(raceId);
    expect(bobRows[0]!.ticker).toBe("NWSC");
  });

  it("stores a file once when one user uploads it several times at the same moment", async () => {
    const { jwt, userId } = await createVerifiedUser(t, "twice@example.com");
    const answers = (await Promise.all([upload(t, jwt, flatSample), upload(t, jwt, flatSample), upload(t, jwt, exportSample), upload(t, jwt, exportSample)])).map((r) => {
      expect(r.statusCode).toBe(200);
      return json<ImportBody>(r);
    });
    expect(answers.map((a) => a.imported + a.skipped)).toEqual([2, 2, 1, 1]);
    expect(answers.reduce((sum, a) => sum + a.imported, 0)).toBe(3);
    expect(await rowsOf(t, userId)).toHaveLength(3);
  });

  it("needs a signed-in caller and CSRF; another user's rows are never visible or exported", async () => {
    const alice = await createVerifiedUser(t, "alice@example.com");
    const bob = await createVerifiedUser(t, "bob@example.com");
    await analyze(t, alice.jwt, "NWSC");
    const bobExport = await download(t, bob.jwt);
    expect(parseCsv(bobExport.body)).toHaveLength(1);
    expect(bobExport.body).not.toContain("NWSC");

    const form = fileForm(flatSample);
    const { authorization: _omitted, ...csrfOnly } = apiHeaders(alice.jwt);
    const signedOut = await t.app.inject({ method: "POST", url: "/user/stock-analyses-csv/", payload: form.payload, headers: { ...form.headers, ...csrfOnly } });
    expect(signedOut.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/user/stock-analyses-csv/" })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: "POST", url: "/user/stock-analyses-csv/", payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${alice.jwt}` } });
    expect(noCsrf.statusCode).toBe(403);
    expect(await rowsOf(t, alice.userId)).toHaveLength(1);

    // An unverified account cannot import (like analysing), but can export.
    const payload = { email: "unverified@example.com", password: "correct horse 42", name: "u" };
    expect((await t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", headers: TEST_ORIGIN, payload })).statusCode).toBe(200);
    const signIn = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: TEST_ORIGIN, payload: { email: payload.email, password: payload.password } });
    const unverified = json<{ token: string }>(await t.app.inject({ url: "/api/auth/token", headers: { cookie: sessionCookie(signIn) } })).token;
    const refused = await upload(t, unverified, flatSample);
    expect(refused.statusCode).toBe(403);
    expect(json<ErrorBody>(refused).code).toBe("email_unverified");
    expect((await download(t, unverified)).statusCode).toBe(200);

    const openapi = json<{ paths: Record<string, Record<string, unknown>> }>(await t.app.inject({ url: "/docs/json" }));
    expect(Object.keys(openapi.paths["/user/stock-analyses-csv/"] ?? {}).sort()).toEqual(["get", "post"]);
  });
});
