import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, TEST_CSRF, type TestApp } from "../../test-support/test-app";
import { WindowCounter } from "./contact.service";

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

describe("WindowCounter", () => {
  it("opens a new window after the old one ends", () => {
    let now = 0;
    const counter = new WindowCounter(2, 1000, () => now);
    expect([counter.hit("a"), counter.hit("a"), counter.hit("a")]).toEqual([true, true, false]);
    now = 1000;
    expect(counter.hit("a")).toBe(true);
  });
});
