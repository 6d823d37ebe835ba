import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { screenerResponseSchema, savedScreensResponseSchema, type SavedScreen, type SavedScreensResponse, type ScreenerResponse } from "../../../contracts/screener";
import { savedScreens, stripeCustomers } from "../../db/schema";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, startTestApp, TEST_ORIGIN, type TestApp } from "../../test-support/test-app";

type ErrorBody = { error: string; code: string };

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const save = (app: TestApp, jwt: string, name: string, query: Record<string, unknown> = { min_rs: 80 }) =>
  app.app.inject({ method: "POST", url: "/api/screens", headers: apiHeaders(jwt), payload: { name, query } });

async function screensOf(app: TestApp, jwt: string): Promise<SavedScreensResponse> {
  const response = await app.app.inject({ url: "/api/screens", headers: apiHeaders(jwt) });
  expect(response.statusCode).toBe(200);
  return savedScreensResponseSchema.parse(json(response));
}

describe.each(testDatabaseKinds("storage-only"))("the screener ($name)", (kind) => {
  it("pages the latest daily screen for a signed-in user: every stock, filtered, sorted and counted in the database", async () => {
    t = await startTestApp(kind, { DEMO_UNIVERSE_SIZE: "60" });
    await t.services.publicRefresh.refresh();
    const { jwt } = await createVerifiedUser(t, "screen@example.com");
    const get = async (query: string): Promise<ScreenerResponse> => {
      const response = await t!.app.inject({ url: `/api/screener?${query}`, headers: apiHeaders(jwt) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      return screenerResponseSchema.parse(json(response));
    };

    expect((await t.app.inject({ url: "/api/screener" })).statusCode).toBe(401);
    const stored = await t.services.publicAnalyses.list();
    const all = await get("page_size=200");
    expect(all.total).toBe(stored.length);
    expect(all.rows.map((r) => r.ticker).sort()).toEqual(stored.map((r) => r.ticker).sort());
    expect(all.as_of).toBe(stored.map((r) => r.asOf).sort().at(-1));
    expect(all.rows.every((r) => r.demo && r.company && r.sector && r.industry && r.price !== null && r.change_pct !== null)).toBe(true);
    // Default sort: RS rating, highest first, nulls last, ticker breaking ties.
    const ratings = all.rows.map((r) => r.rs_rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    const buys = await get("action=BUY&min_rs=50&sort=buy_point_distance");
    expect(buys.rows.every((r) => r.action === "BUY" && r.rs_rating! >= 50)).toBe(true);
    expect(buys.total).toBe(all.rows.filter((r) => r.action === "BUY" && r.rs_rating! >= 50).length);

    const sector = all.rows[0]!.sector!;
    const inSector = await get(`sector=${encodeURIComponent(sector)}&sort=-price&page_size=2&page=2`);
    const expected = all.rows.filter((r) => r.sector === sector).sort((a, b) => b.price! - a.price! || a.ticker.localeCompare(b.ticker));
    expect(inSector.total).toBe(expected.length);
    expect(inSector.rows.map((r) => r.ticker)).toEqual(expected.slice(2, 4).map((r) => r.ticker));
  }, 120_000);

  it("answers bad queries with 400 and the error shape, never a 5xx", async () => {
    t = await startTestApp(kind);
    const { jwt } = await createVerifiedUser(t, "bad@example.com");
    for (const query of ["sort=nope", "min_rs=0", "min_rs=abc", "page_size=201", "page=0", "max_buy_distance=2", "setup=Rocket", "action=HOLD", "extra=1", `sector=${"x".repeat(81)}`, "min_price=-1"]) {
      const response = await t.app.inject({ url: `/api/screener?${query}`, headers: apiHeaders(jwt) });
      expect(response.statusCode, query).toBe(400);
      expect(json<ErrorBody>(response), query).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    // Before the first daily screen: an empty answer.
    expect(json(await t.app.inject({ url: "/api/screener", headers: apiHeaders(jwt) }))).toEqual({ as_of: null, total: 0, rows: [] });
  }, 60_000);

  it("saves, lists and deletes a verified user's screens; a name is unique per user", async () => {
    t = await startTestApp(kind);
    const { jwt } = await createVerifiedUser(t, "saver@example.com");
    const created = await save(t, jwt, "  Leaders  ", { min_rs: 90, min_tt: 8, sort: "-rs_rating" });
    expect(created.statusCode, created.body).toBe(201);
    const screen = json<SavedScreen>(created);
    expect(screen).toMatchObject({ name: "Leaders", query: { min_rs: 90, min_tt: 8, sort: "-rs_rating", page_size: 50 } });
    expect(await screensOf(t, jwt)).toMatchObject({ screens: [screen], limit: 3, plan: "free", premium_limit: 20 });
    expect(json<ErrorBody>(await save(t, jwt, "Leaders"))).toMatchObject({ code: "screen_name_taken" });
    for (const bad of [{ name: "", query: {} }, { name: "x".repeat(61), query: {} }, { name: "ok", query: { page: 2 } }, { name: "ok", query: { min_rs: 500 } }, { name: "ok" }]) {
      const response = await t.app.inject({ method: "POST", url: "/api/screens", headers: apiHeaders(jwt), payload: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await t.app.inject({ method: "DELETE", url: `/api/screens/${screen.id}`, headers: apiHeaders(jwt) })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: `/api/screens/${screen.id}`, headers: apiHeaders(jwt) })).statusCode).toBe(404);
    expect((await screensOf(t, jwt)).screens).toEqual([]);
  }, 60_000);

  it("asks for a verified sign-in to save", async () => {
    t = await startTestApp(kind);
    const signUp = await t.app.inject({ method: "POST", url: "/api/auth/sign-up/email", headers: TEST_ORIGIN, payload: { email: "new@example.com", password: "correct horse 42", name: "new" } });
    expect(signUp.statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/screens" })).statusCode).toBe(401);
  }, 60_000);

  it("holds each plan's limit on the server, also for requests sent at once, and lifts it for premium", async () => {
    t = await startTestApp(kind, { SCREENS_FREE_LIMIT: "3", SCREENS_PREMIUM_LIMIT: "5" });
    const { jwt, userId } = await createVerifiedUser(t, "limits@example.com");
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => save(t!, jwt, `screen ${i}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode === 403).map((a) => json<ErrorBody>(a));
    expect(refused).toHaveLength(7);
    expect(refused[0]).toEqual({ code: "screen_limit_reached", error: "You have saved 3 screens, the most the free plan keeps. Delete one to save another." });
    const [{ saved }] = (await t.database.db.select({ saved: sql<number>`count(*)::int` }).from(savedScreens).where(eq(savedScreens.userId, userId))) as [{ saved: number }];
    expect(saved).toBe(3);

    await t.database.db.insert(stripeCustomers).values({ email: "limits@example.com", status: "active" });
    expect(await screensOf(t, jwt)).toMatchObject({ limit: 5, plan: "premium" });
    const more = await Promise.all(Array.from({ length: 10 }, (_, i) => save(t!, jwt, `premium ${i}`)));
    expect(more.filter((a) => a.statusCode === 201)).toHaveLength(2);
    expect(json<ErrorBody>(more.find((a) => a.statusCode === 403)!)).toMatchObject({ code: "screen_limit_reached", error: expect.stringContaining("the most premium keeps") });
    expect((await screensOf(t, jwt)).screens).toHaveLength(5);
  }, 60_000);
});
