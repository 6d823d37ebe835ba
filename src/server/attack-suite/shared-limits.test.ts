import type { InjectOptions } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, TEST_CSRF, type TestApp } from "../test-support/test-app";

/**
 * Shared-limit attack suite: two app instances on ONE database (each with its own services, so
 * nothing is shared but the database, as with two server processes). A client alternates between
 * them, and rotates through the addresses of one IPv6 /64; every limit must hold in total. On
 * PGlite (one process per database) the two instances share one handle; on PostgreSQL
 * (TEST_DATABASE_URL) too: what matters is that no limit lives in an instance's memory.
 */

const csrf = { "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` };

describe.each(testDatabaseKinds("database-behaviour"))("limits shared by two instances on one database ($name)", (kind) => {
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    a = await startTestApp(kind);
    b = await startTestApp(kind, {}, { database: a.database });
  });
  afterEach(async () => {
    // b's database is a's: close b's app and services only, then a with the database.
    await b.app.close();
    await b.services.close();
    await a.close();
  });

  /** The i-th request goes to instance a or b in turn. */
  const alternate = (i: number, options: InjectOptions) => (i % 2 === 0 ? a : b).app.inject(options);

  it("the symbol search allows 120 requests a minute to one client in total, not 120 per instance", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 150; i++) codes.push((await alternate(i, { method: "GET", url: `/api/symbols?q=n${i % 5}`, remoteAddress: "192.0.2.44" })).statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(120);
    expect(codes.filter((code) => code === 429)).toHaveLength(30);
  });

  it("the contact form takes 5 messages per 10 minutes from one IPv6 /64, across its addresses and both instances", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const remoteAddress = `2001:db8:5:6:${(i + 1).toString(16)}::${(i * 7 + 1).toString(16)}`;
      const response = await alternate(i, { method: "POST", url: "/api/contact", headers: csrf, payload: { name: `N${i}`, email: "n@example.com" }, remoteAddress });
      codes.push(response.statusCode);
    }
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
    expect(await a.services.contact.list()).toHaveLength(5);
    // Another /64 is another client.
    const other = await alternate(1, { method: "POST", url: "/api/contact", headers: csrf, payload: { name: "O", email: "o@example.com" }, remoteAddress: "2001:db8:5:7::1" });
    expect(other.statusCode).toBe(201);
  });

  it("watch-list adds are limited to 30 an hour per user across both instances (adding and removing in a loop)", async () => {
    const user = await createVerifiedUser(a, "watcher@example.com");
    const headers = apiHeaders(user.jwt);
    const added: number[] = [];
    for (let i = 0; i < 32; i++) {
      const add = await alternate(i, { method: "POST", url: "/api/watchlist", headers, payload: { ticker: "NWSC" } });
      added.push(add.statusCode);
      if (add.statusCode === 201) expect((await alternate(i + 1, { method: "DELETE", url: "/api/watchlist/NWSC", headers })).statusCode).toBe(204);
      else expect(json(add)).toEqual({ error: expect.stringContaining("Please wait"), code: "rate_limited" });
    }
    expect(added.filter((code) => code === 201)).toHaveLength(30);
    expect(added.slice(30)).toEqual([429, 429]);
    // Another user is not held back by the first one's adds.
    const other = await createVerifiedUser(b, "other@example.com");
    expect((await alternate(0, { method: "POST", url: "/api/watchlist", headers: apiHeaders(other.jwt), payload: { ticker: "NWSC" } })).statusCode).toBe(201);
  });

  it("a free user saves 3 screens in total, not 3 per instance, even with 10 saves sent at once to both", async () => {
    const user = await createVerifiedUser(a, "screens@example.com");
    const headers = apiHeaders(user.jwt);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => alternate(i, { method: "POST", url: "/api/screens", headers, payload: { name: `screen ${i}`, query: { min_rs: 80 } } })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 403).map((answer) => json(answer).code)).toEqual(Array(7).fill("screen_limit_reached"));
    expect(json<{ screens: unknown[] }>(await alternate(1, { method: "GET", url: "/api/screens", headers })).screens).toHaveLength(3);
  });

  it("a free user holds 20 open positions in total, with 10 buys sent at once to both instances", async () => {
    const user = await createVerifiedUser(a, "holder@example.com");
    const headers = apiHeaders(user.jwt);
    const tickers = (await a.services.market.listUniverse()).map((company) => company.ticker);
    const buy = (i: number, ticker: string) => alternate(i, { method: "POST", url: "/api/positions", headers, payload: { ticker, date: "2026-01-05", shares: 1, price: 10, source: "manual" } });
    for (const [i, ticker] of tickers.slice(0, 16).entries()) expect((await buy(i, ticker)).statusCode).toBe(201);
    const answers = await Promise.all(tickers.slice(16, 26).map((ticker, i) => buy(i, ticker)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((answer) => answer.statusCode === 403).map((answer) => json(answer).code)).toEqual(Array(6).fill("position_limit_reached"));
    expect(json<{ open: number }>(await alternate(1, { method: "GET", url: "/api/positions", headers })).open).toBe(20);
  });
});

describe.each(testDatabaseKinds("database-behaviour"))("watching is never an analysis outside the daily limit, on either instance ($name)", (kind) => {
  let a: TestApp;
  let b: TestApp;
  beforeEach(async () => {
    a = await startTestApp(kind, { FREE_DAILY_ANALYSES: "1" });
    b = await startTestApp(kind, { FREE_DAILY_ANALYSES: "1" }, { database: a.database });
  });
  afterEach(async () => {
    await b.app.close();
    await b.services.close();
    await a.close();
  });

  it("a free user who spent the day's one analysis watches 10 stocks through both instances and gets no call, no price and no level", async () => {
    const user = await createVerifiedUser(a, "at-limit@example.com");
    const headers = apiHeaders(user.jwt);
    const form = multipartForm({ input: "NWSC" });
    expect((await a.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...headers } })).statusCode).toBe(200);
    const tickers = ["ECHF", "QBIT", "CVPH", "KSTM", "CBRG", "ALVH", "SUMT", "NWSC", "ECHF", "QBIT"];
    for (const [i, ticker] of tickers.entries()) {
      const add = await (i % 2 === 0 ? a : b).app.inject({ method: "POST", url: "/api/watchlist", headers, payload: { ticker } });
      // No daily screen has run on this database, so no stored analysis exists to show: every watch waits for it.
      if (add.statusCode === 201) expect(json(add)).toMatchObject({ ticker, latest: null, pending: true });
      else expect(add.statusCode).toBe(409);
    }
    const list = json<{ items: { latest: unknown }[] }>(await b.app.inject({ url: "/api/watchlist", headers }));
    expect(list.items).toHaveLength(8);
    expect(list.items.every((item) => item.latest === null)).toBe(true);
    expect(json(await b.app.inject({ url: "/api/usage", headers }))).toMatchObject({ used: 1, limit: 1 });
  });
});
