import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertDigests, userAlerts } from "../db/schema";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_ORIGIN, apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../test-support/test-app";

const PASSWORD = "correct horse 42";

interface Person {
  cookie: string;
  jwt: string;
  userId: string;
}

/** Every table with a user_id column, read from the database itself, so a new user table is checked too. */
async function userTables(t: TestApp): Promise<string[]> {
  const { rows } = await t.database.executeSql(
    "select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'user_id' order by table_name",
  );
  return rows.map((row) => String(row.table_name));
}

async function rowsOf(t: TestApp, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await userTables(t)) {
    const { rows } = await t.database.executeSql(`select count(*)::int as n from "${table}" where user_id = $1`, [userId]);
    counts[table] = Number(rows[0]?.n);
  }
  const { rows } = await t.database.executeSql("select count(*)::int as n from users where id = $1", [userId]);
  counts.users = Number(rows[0]?.n);
  return counts;
}

/** One row (at least) in every user-owned table, through the API where a user can make it. */
async function fill(t: TestApp, person: Person): Promise<void> {
  const headers = apiHeaders(person.jwt);
  const form = multipartForm({ input: "NWSC" });
  const calls = [
    await t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...headers } }),
    await t.app.inject({ method: "POST", url: "/api/watchlist", headers, payload: { ticker: "NWSC" } }),
    await t.app.inject({ method: "PUT", url: "/api/alert-settings", headers, payload: { digest: false } }),
    await t.app.inject({ method: "POST", url: "/api/screens", headers, payload: { name: "Leaders", query: { min_rs: 80 } } }),
    await t.app.inject({ method: "POST", url: "/api/positions", headers, payload: { ticker: "NWSC", date: "2026-01-05", shares: 3, price: 10, stop: 9, source: "manual" } }),
    await t.app.inject({ method: "POST", url: "/api/chat", headers, payload: { message: "How is the market?" } }),
  ];
  for (const call of calls) expect(call.statusCode, call.body).toBeLessThan(300);
  // Alerts, digests and an analysis's outcome are written by jobs, not by a request.
  await t.database.executeSql(
    "insert into analysis_outcomes (analysis_id, user_id, ticker, status, settled, reason) select id, user_id, ticker, 'unfollowable', true, 'test' from stock_analyses where user_id = $1",
    [person.userId],
  );
  await t.database.db.insert(userAlerts).values({ id: randomUUID(), userId: person.userId, ticker: "NWSC", rule: "stop", eventKey: "k", session: "2026-01-06", title: "Stop hit", detail: "Closed under the stop." });
  await t.database.db.insert(alertDigests).values({ userId: person.userId, session: "2026-01-06", alerts: 1 });
  const { rows } = await t.database.executeSql("select count(*)::int as n from llm_usage where user_id = $1", [person.userId]);
  if (Number(rows[0]?.n) === 0) await t.database.executeSql("insert into llm_usage (user_id, day, tokens) values ($1, '2026-01-06', 10)", [person.userId]);
}

const deleteUser = (t: TestApp, cookie: string, payload: Record<string, unknown>, origin = TEST_ORIGIN) =>
  t.app.inject({ method: "POST", url: "/api/auth/delete-user", headers: { ...origin, cookie }, payload });

describe("deleting one's own account", () => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    t = await startTestApp(testDatabaseKinds("storage-only")[0]!);
    alice = await createVerifiedUser(t, "alice@example.com", PASSWORD);
    bob = await createVerifiedUser(t, "bob@example.com", PASSWORD);
    await fill(t, alice);
    await fill(t, bob);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("has a row of each user in every user table before", async () => {
    for (const person of [alice, bob]) {
      const counts = await rowsOf(t, person.userId);
      expect(Object.keys(counts).length).toBeGreaterThanOrEqual(15);
      for (const [table, n] of Object.entries(counts)) expect(n, table).toBeGreaterThan(0);
    }
  });

  it("refuses a wrong password, no password, another site and a bearer JWT, and changes nothing", async () => {
    const before = await rowsOf(t, alice.userId);
    const wrong = await deleteUser(t, alice.cookie, { password: "not my password 9" });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: "INVALID_PASSWORD", error: expect.any(String) });
    const none = await deleteUser(t, alice.cookie, {});
    expect(none.statusCode).toBe(400);
    expect(json(none)).toMatchObject({ code: "password_required", error: "Enter your password to delete your account." });
    expect((await deleteUser(t, alice.cookie, { password: PASSWORD }, { origin: "https://evil.example" })).statusCode).toBe(403);
    const bearer = await t.app.inject({ method: "POST", url: "/api/auth/delete-user", headers: { ...TEST_ORIGIN, authorization: `Bearer ${alice.jwt}` }, payload: { password: PASSWORD } });
    expect(bearer.statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/auth/delete-user", headers: TEST_ORIGIN, payload: { password: PASSWORD } })).statusCode).toBe(401);
    // Bob's password with Alice's session deletes nobody: the session says whose account it is.
    expect((await deleteUser(t, alice.cookie, { password: "bob's other password" })).statusCode).toBe(400);
    expect(await rowsOf(t, alice.userId)).toEqual(before);
  });

  it("with her password deletes all of Alice's rows, signs her out, and leaves Bob's untouched", async () => {
    const bobBefore = await rowsOf(t, bob.userId);
    const answer = await deleteUser(t, alice.cookie, { password: PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer)).toMatchObject({ success: true });
    expect(String(answer.headers["set-cookie"])).toMatch(/session_token=;/);
    const after = await rowsOf(t, alice.userId);
    for (const [table, n] of Object.entries(after)) expect(n, table).toBe(0);
    expect(await rowsOf(t, bob.userId)).toEqual(bobBefore);
    // Her API token ended with her session, and her password no longer signs in.
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: apiHeaders(alice.jwt) })).statusCode).toBe(401);
    const signIn = await t.app.inject({ method: "POST", url: "/api/auth/sign-in/email", headers: TEST_ORIGIN, payload: { email: "alice@example.com", password: PASSWORD } });
    expect(signIn.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/me", headers: apiHeaders(bob.jwt) })).statusCode).toBe(200);
  });
});

describe("every user table cascades from users", () => {
  it("references users(id) on delete cascade, or a table that does (analysis outcomes follow their analysis)", async () => {
    const t = await startTestApp(testDatabaseKinds("storage-only")[0]!);
    try {
      const { rows } = await t.database.executeSql(`
        select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent, c.confdeltype as action
        from pg_constraint c where c.contype = 'f'`);
      const cascades = new Map<string, string[]>();
      for (const row of rows) {
        if (row.action !== "c") continue;
        const child = String(row.child).replace(/"/g, "");
        cascades.set(child, [...(cascades.get(child) ?? []), String(row.parent).replace(/"/g, "")]);
      }
      const reachesUsers = (table: string, seen = new Set<string>()): boolean =>
        (cascades.get(table) ?? []).some((parent) => parent === "users" || (!seen.has(parent) && reachesUsers(parent, new Set([...seen, parent]))));
      const orphans = (await userTables(t)).filter((table) => !reachesUsers(table));
      expect(orphans).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
