import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import cookie from "@fastify/cookie";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUDGETS } from "../../../core/gift/gift-types";
import { registerCsrf } from "../../plugins/csrf";
import { registerErrorHandler } from "../../plugins/error-handler";
import { giftRoutes } from "./gift.routes";
import { GiftService } from "./gift.service";

/** The gift routes behind the app's real CSRF hook and error handler (no database is involved). */
async function giftApp(webRoot?: string, extra?: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await app.register(cookie);
  registerCsrf(app, { secureCookie: false });
  const gifts = new GiftService({ gateway: null, log: pino({ level: "silent" }) });
  await app.register(giftRoutes, { brand: "Quanta", webRoot, gifts: async () => gifts });
  extra?.(app);
  await app.ready();
  return app;
}

const VALID = {
  name: "Ada",
  age: "36",
  relationship: "friend",
  interests: "cooking, hiking",
  budget: "50_100",
  occasion: "birthday",
};

const SAME_SITE = { "sec-fetch-site": "same-origin", origin: "null" };

function post(app: FastifyInstance, fields: Record<string, string>, headers: Record<string, string> = SAME_SITE) {
  return app.inject({
    method: "POST",
    url: "/gift",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The idea cards of a results page: their headings and price bands. */
function ideasOf(html: string): Array<{ name: string; prices: number[] }> {
  return [...html.matchAll(/<li class="gift-card gift-idea">\s*<h2>([^<]*)<\/h2>\s*<span class="gift-price">([^<]*)<\/span>/g)].map((m) => ({
    name: m[1]!,
    prices: [...m[2]!.matchAll(/\$([\d,]+)/g)].map((p) => Number(p[1]!.replace(/,/g, ""))),
  }));
}

function errorOf(html: string, field: string): string | undefined {
  return new RegExp(`<p class="gift-error" id="gift-${field}-error">([^<]*)</p>`).exec(html)?.[1];
}

function valueOf(html: string, field: string): string | undefined {
  return new RegExp(`<input id="gift-${field}" name="${field}" value="([^"]*)"`).exec(html)?.[1];
}

describe("POST /gift", () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await giftApp();
  });
  afterEach(async () => {
    await app.close();
  });

  it("answers a results page with 5 to 10 ideas, each with why, a price band and where to look", async () => {
    const response = await post(app, VALID);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("<h1>Gift ideas for Ada</h1>");
    const ideas = ideasOf(response.body);
    expect(ideas.length).toBeGreaterThanOrEqual(5);
    expect(ideas.length).toBeLessThanOrEqual(10);
    expect(response.body.match(/Where to look:/g)).toHaveLength(ideas.length);
    expect(response.body.match(/interest in/g)!.length).toBeGreaterThan(0);
    // The site's header and footer.
    expect(response.body).toMatch(/<header class="gift-header">[\s\S]*<span>Quanta<\/span>[\s\S]*<\/header>/);
    expect(response.body).toContain('<footer class="gift-footer">');
  });

  it.each(BUDGETS.map((b) => [b.label, b]))("keeps every idea within the budget %s", async (_label, budget) => {
    const ideas = ideasOf((await post(app, { ...VALID, budget: budget.value })).body);
    expect(ideas.length).toBeGreaterThanOrEqual(5);
    for (const idea of ideas) for (const price of idea.prices) expect(price, idea.name).toBeLessThanOrEqual(budget.max);
  });

  it("does not repeat previous gifts", async () => {
    const first = ideasOf((await post(app, VALID)).body).map((i) => i.name);
    const again = ideasOf((await post(app, { ...VALID, previous_gifts: `${first[0]}, ${first[1]!.toLowerCase()}` })).body).map((i) => i.name);
    expect(again).not.toContain(first[0]);
    expect(again).not.toContain(first[1]);
    expect(again.length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ["-1", "Age must be a whole number from 0 to 120."],
    ["121", "Age must be a whole number from 0 to 120."],
    ["abc", "Age must be a whole number from 0 to 120."],
    ["12.5", "Age must be a whole number from 0 to 120."],
    ["1e2", "Age must be a whole number from 0 to 120."],
    ["", "Please enter the recipient's age."],
  ])("refuses age %j with %j and keeps the value", async (age, message) => {
    const response = await post(app, { ...VALID, age });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body, "age")).toBe(message.replace("'", "&#39;"));
    expect(valueOf(response.body, "age")).toBe(age);
    expect(valueOf(response.body, "name")).toBe("Ada");
    expect(response.body).toContain('aria-invalid="true"');
  });

  it.each(["0", "120", " 7 "])("accepts age %j", async (age) => {
    const response = await post(app, { ...VALID, age });
    expect(response.statusCode).toBe(200);
    expect(ideasOf(response.body).length).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ["name", "Please enter the recipient&#39;s name."],
    ["age", "Please enter the recipient&#39;s age."],
    ["relationship", "Please choose your relationship to the recipient."],
    ["interests", "Please enter at least one interest."],
    ["budget", "Please choose a budget."],
    ["occasion", "Please choose the occasion."],
  ])("requires %s: the message next to it, the other values kept", async (field, message) => {
    for (const fields of [Object.fromEntries(Object.entries(VALID).filter(([key]) => key !== field)), { ...VALID, [field]: "   " }]) {
      const response = await post(app, { ...fields, brands: "Lego", previous_gifts: "A scarf" });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body, field)).toBe(message);
      const others = Object.keys(VALID).filter((key) => key !== field);
      for (const other of others) expect(errorOf(response.body, other), other).toBeUndefined();
      if (field !== "name") expect(valueOf(response.body, "name")).toBe("Ada");
      if (field !== "relationship") expect(response.body).toContain('<option value="friend" selected>');
      if (field !== "budget") expect(response.body).toContain('<option value="50_100" selected>');
      if (field !== "interests") expect(response.body).toContain(">cooking, hiking</textarea>");
      expect(valueOf(response.body, "brands")).toBe("Lego");
      expect(response.body).toContain(">A scarf</textarea>");
      expect(response.body).toContain("Get Gift Recommendations");
    }
  });

  it("refuses an unknown option", async () => {
    const response = await post(app, { ...VALID, budget: "999", relationship: "boss", occasion: "party" });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body, "budget")).toBe("Please choose a budget.");
    expect(errorOf(response.body, "relationship")).toBe("Please choose your relationship to the recipient.");
    expect(errorOf(response.body, "occasion")).toBe("Please choose the occasion.");
  });

  it("needs the free text when relationship or occasion is Other, and uses it", async () => {
    const missing = await post(app, { ...VALID, relationship: "other", occasion: "other", name: "" });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body, "relationship_other")).toBe("Please describe the relationship.");
    expect(errorOf(missing.body, "occasion_other")).toBe("Please describe the occasion.");
    expect(missing.body).toContain('<option value="other" selected>Other</option>');

    const blank = await post(app, { ...VALID, relationship: "other", relationship_other: "  ", occasion: "other", occasion_other: "" });
    expect(errorOf(blank.body, "relationship_other")).toBe("Please describe the relationship.");
    expect(errorOf(blank.body, "occasion_other")).toBe("Please describe the occasion.");

    const given = await post(app, { ...VALID, relationship: "other", relationship_other: "neighbour", occasion: "other", occasion_other: "housewarming" });
    expect(given.statusCode).toBe(200);
    expect(given.body).toContain("A fitting housewarming gift for your neighbour");

    // The free text is ignored (not required) when the choice is not Other.
    expect((await post(app, { ...VALID, relationship_other: "", occasion_other: "" })).statusCode).toBe(200);
  });

  it("escapes hostile input in the form and in the results", async () => {
    const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    const invalid = await post(app, { ...VALID, name: hostile, interests: `</textarea>${hostile}`, brands: hostile, age: "x" });
    const results = await post(app, { ...VALID, name: hostile, interests: `cooking, ${hostile}`, occasion: "other", occasion_other: hostile });
    for (const response of [invalid, results]) {
      expect(response.body).not.toContain("<script>alert(1)</script>");
      expect(response.body).not.toContain("<img src=x");
      expect(response.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;");
      expect(response.body.match(/<script/g) ?? []).toEqual([]);
    }
    expect(invalid.body.match(/<\/textarea>/g)).toHaveLength(3);
    expect(results.statusCode).toBe(200);
  });

  it("refuses a cross-site post with 403, and one that shows no origin at all", async () => {
    for (const headers of <Record<string, string>[]>[
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { referer: "https://evil.example/page" },
      {},
    ]) {
      const response = await post(app, VALID, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toEqual({ error: "This form can only be sent from this site.", code: "cross_site_form" });
    }
  });

  it("accepts a same-site post by Origin or Referer when the browser sends no Sec-Fetch-Site", async () => {
    const host = "quanta.example:8443";
    expect((await post(app, VALID, { host, origin: `https://${host}` })).statusCode).toBe(200);
    expect((await post(app, VALID, { host, referer: `https://${host}/gift` })).statusCode).toBe(200);
    expect((await post(app, VALID, { host, origin: `https://${host}` })).headers["cache-control"]).toBe("no-store");
    expect((await post(app, VALID, { host, origin: "https://quanta.example" })).statusCode).toBe(403);
  });

  it("keeps the header check for the other unsafe routes", async () => {
    await app.close();
    app = await giftApp(undefined, (scope) => scope.post("/api/other", async () => ({ ok: true })));
    const response = await app.inject({ method: "POST", url: "/api/other", headers: SAME_SITE, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "csrf_missing" });
  });
});

describe("GET /gift", () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it("answers the server-rendered form when there is no built SPA", async () => {
    const app = await giftApp();
    const response = await app.inject({ method: "GET", url: "/gift" });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>Gift Recommendation Assistant</h1>");
    expect(response.body).toContain('<form class="gift-form gift-card" method="post" action="/gift">');
    for (const name of ["name", "age", "relationship", "relationship_other", "interests", "brands", "budget", "occasion", "occasion_other", "User_query", "previous_gifts"]) {
      expect(response.body).toContain(`name="${name}"`);
    }
    expect(response.body).toContain('type="number" required min="0" max="120"');
    for (const budget of BUDGETS) expect(response.body).toContain(`>${budget.label}</option>`);
  });

  it("answers the SPA shell with the form in its <noscript> when the SPA is built", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gift-web-"));
    await writeFile(
      path.join(dir, "index.html"),
      '<!doctype html><html><head><link rel="stylesheet" href="/assets/index-x.css"></head><body><div id="root"></div><noscript>Needs JavaScript.</noscript></body></html>',
    );
    const app = await giftApp(dir);
    const response = await app.inject({ method: "GET", url: "/gift" });
    await app.close();
    expect(response.body).toContain('<div id="root"></div><noscript><style>');
    expect(response.body).not.toContain("Needs JavaScript.");
    expect(response.body).toMatch(/<noscript>[\s\S]*action="\/gift"[\s\S]*<\/noscript><\/body>/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });
});

describe("POST /gift in the whole app", () => {
  it("answers a same-site native post with the results page and refuses a cross-site one", async () => {
    const { startTestApp } = await import("../../test-support/test-app");
    const { testDatabaseKinds } = await import("../../test-support/test-database");
    const t = await startTestApp(testDatabaseKinds("storage-only")[0]!);
    try {
      const body = new URLSearchParams(VALID).toString();
      const ok = await t.app.inject({ method: "POST", url: "/gift", payload: body, headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_SITE } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers["content-type"]).toMatch(/^text\/html/);
      expect(ok.body).toContain("Ada");
      const crossSite = await t.app.inject({
        method: "POST",
        url: "/gift",
        payload: body,
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      });
      expect(crossSite.statusCode).toBe(403);
      // Only the gift scope reads urlencoded bodies: the JSON API does not start accepting them.
      const research = await t.app.inject({ method: "POST", url: "/api/contact", payload: "name=a", headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_SITE } });
      expect(research.statusCode).toBeGreaterThanOrEqual(400);
      expect(research.statusCode).toBeLessThan(500);
    } finally {
      await t.close();
    }
  });
});
