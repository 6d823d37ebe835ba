import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, TEST_CSRF, type TestApp } from "../../test-support/test-app";
import type { AppError } from "../../app-error";
import type { DatabaseHandle } from "../../db/database";
import { contactRateLimits } from "../../db/schema";
import { ContactRepository } from "./contact.repository";
import { ContactService } from "./contact.service";

const csrf = { "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` };

describe.each(testDatabaseKinds)("POST /api/contact on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind);
  });
  afterEach(async () => {
    await t.close();
  });

  const send = (payload: unknown, headers: Record<string, string> = csrf, remoteAddress = "203.0.113.7") =>
    t.app.inject({ method: "POST", url: "/api/contact", headers, payload: payload as Record<string, unknown>, remoteAddress });

  it("stores the message (trimmed) and answers {success: true}", async () => {
    const response = await send({ name: "  Ada  ", email: " ada@example.com ", message: "Hello there" });
    expect(response.statusCode).toBe(201);
    expect(json(response)).toEqual({ success: true });
    expect(await send({ name: "Bob", email: "bob@example.com" })).toMatchObject({ statusCode: 201 });
    const rows = await t.services.contact.list();
    expect(rows.map((r) => [r.name, r.email, r.message, r.ip])).toEqual([
      ["Bob", "bob@example.com", null, "203.0.113.7"],
      ["Ada", "ada@example.com", "Hello there", "203.0.113.7"],
    ]);
    expect(rows[0]!.timestamp).toBeInstanceOf(Date);
  });

  it("answers 'Please fill in all fields.' when name or e-mail is empty, and stores nothing", async () => {
    for (const payload of [{ name: "", email: "a@b.co" }, { name: "Ada", email: "   " }, { email: "a@b.co" }, {}]) {
      const response = await send(payload);
      expect(response.statusCode).toBe(400);
      expect(json(response)).toEqual({ error: "Please fill in all fields.", code: "missing_fields" });
    }
    expect(await t.services.contact.list()).toEqual([]);
  });

  it("refuses an invalid e-mail and a message over 5000 characters", async () => {
    const bad = await send({ name: "Ada", email: "not-an-email" });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ error: "Please enter a valid e-mail address.", code: "invalid_email" });
    const long = await send({ name: "Ada", email: "ada@example.com", message: "x".repeat(5001) });
    expect(long.statusCode).toBe(400);
    expect(json(long).code).toBe("message_too_long");
    expect((await send({ name: "Ada", email: "ada@example.com", message: "x".repeat(5000) })).statusCode).toBe(201);
  });

  it("needs the CSRF token (403)", async () => {
    const response = await send({ name: "Ada", email: "ada@example.com" }, {});
    expect(response.statusCode).toBe(403);
    expect(json(response).code).toBe("csrf_missing");
  });

  it("limits each address to 5 messages per 10 minutes (429 rate_limited)", async () => {
    for (let i = 0; i < 5; i++) expect((await send({ name: `N${i}`, email: "n@example.com" })).statusCode).toBe(201);
    const limited = await send({ name: "N5", email: "n@example.com" });
    expect(limited.statusCode).toBe(429);
    expect(json(limited)).toEqual({ error: expect.stringContaining("Too many messages"), code: "rate_limited" });
    expect((await send({ name: "Other", email: "o@example.com" }, csrf, "198.51.100.1")).statusCode).toBe(201);
    expect(await t.services.contact.list()).toHaveLength(6);
  });
});

describe.each(testDatabaseKinds)("the contact form's per-address limit on $name", (kind) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await kind.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  const message = (i: number) => ({ name: `N${i}`, email: "n@example.com" });

  it("counts the messages of one address in one upsert each, without losing any under concurrency", async () => {
    const repository = new ContactRepository(handle.db);
    const at = new Date("2026-11-20T12:00:00Z");
    const counts = await Promise.all(Array.from({ length: 10 }, () => repository.countMessage("203.0.113.7", at, 600_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await repository.countMessage("198.51.100.1", at, 600_000)).toBe(1);
  });

  // Two server instances on one database: 10 messages at once from one address, 5 get through.
  it("accepts exactly 5 of 10 concurrent messages from one address, whichever instance takes them", async () => {
    const now = () => new Date();
    const instances = [0, 1].map(() => new ContactService({ repository: new ContactRepository(handle.db), now }));
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => instances[i % 2]!.send(message(i), "203.0.113.7")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as AppError] : []));
    expect(refused.map((e) => [e.statusCode, e.code, e.message])).toEqual(
      Array.from({ length: 5 }, () => [429, "rate_limited", "Too many messages from your address. Please try again in a few minutes."]),
    );
    expect(await instances[0]!.list()).toHaveLength(5);
  });

  it("opens a new window when the old one ends, and keeps no ended windows", async () => {
    let now = new Date("2026-11-20T12:00:00Z").getTime();
    const repository = new ContactRepository(handle.db);
    const contact = new ContactService({ repository, now: () => new Date(now), rateLimit: { max: 2, windowMs: 1000 } });
    const outcome = (i: number) => contact.send(message(i), "203.0.113.7").then(() => "ok", (error: AppError) => error.code);
    expect([await outcome(0), await outcome(1), await outcome(2)]).toEqual(["ok", "ok", "rate_limited"]);
    now += 999;
    expect(await outcome(3)).toBe("rate_limited");
    now += 1;
    expect([await outcome(4), await outcome(5), await outcome(6)]).toEqual(["ok", "ok", "rate_limited"]);
    now += 1000;
    expect(await outcome(7)).toBe("ok");
    expect(await handle.db.select({ address: contactRateLimits.address }).from(contactRateLimits)).toEqual([{ address: "203.0.113.7" }]);
    await contact.send(message(8), "198.51.100.1");
    // Another address's window opening clears the ended ones.
    now += 1000;
    await contact.send(message(9), "198.51.100.2");
    expect((await handle.db.select({ address: contactRateLimits.address }).from(contactRateLimits)).map((r) => r.address)).toEqual(["198.51.100.2"]);
  });
});
