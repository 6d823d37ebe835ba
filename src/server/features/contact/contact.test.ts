import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../../test-support/test-database";
import { json, startTestApp, TEST_CSRF, type TestApp } from "../../test-support/test-app";
import type { AppError } from "../../app-error";
import type { DatabaseHandle } from "../../db/database";
import { RateLimitRepository } from "../../rate-limit/rate-limit.repository";
import { SharedRateLimiter } from "../../rate-limit/shared-rate-limiter";
import { ContactRepository } from "./contact.repository";
import { CONTACT_RATE_LIMIT, ContactService } from "./contact.service";

const csrf = { "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` };

describe.each(testDatabaseKinds("storage-only"))("POST /api/contact on $name", (kind) => {
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

describe.each(testDatabaseKinds("database-behaviour"))("the contact form's per-client limit on $name", (kind) => {
  let handle: DatabaseHandle;
  beforeEach(async () => {
    handle = await kind.open();
  });
  afterEach(async () => {
    await handle.close();
  });

  const message = (i: number) => ({ name: `N${i}`, email: "n@example.com" });
  const contactService = (now: () => Date) =>
    new ContactService({ repository: new ContactRepository(handle.db), now, limit: new SharedRateLimiter({ repository: new RateLimitRepository(handle.db), now }).limit(CONTACT_RATE_LIMIT) });

  // Two server instances on one database: 10 messages at once from one address, 5 get through.
  it("accepts exactly 5 of 10 concurrent messages from one address, whichever instance takes them", async () => {
    const now = () => new Date();
    const instances = [0, 1].map(() => contactService(now));
    const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => instances[i % 2]!.send(message(i), "203.0.113.7")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as AppError] : []));
    expect(refused.map((e) => [e.statusCode, e.code, e.message])).toEqual(
      Array.from({ length: 5 }, () => [429, "rate_limited", "Too many messages from your address. Please try again in a few minutes."]),
    );
    expect(await instances[0]!.list()).toHaveLength(5);
  });

  it("counts the addresses of one IPv6 /64, and an IPv4-mapped address as its IPv4 address, as one client", async () => {
    const contact = contactService(() => new Date());
    const outcome = (i: number, ip: string) => contact.send(message(i), ip).then(() => "ok", (error: AppError) => error.code);
    const codes: string[] = [];
    for (let i = 0; i < 8; i++) codes.push(await outcome(i, `2001:db8:7:9::${(i + 1).toString(16)}`));
    expect(codes).toEqual(["ok", "ok", "ok", "ok", "ok", "rate_limited", "rate_limited", "rate_limited"]);
    expect(await outcome(8, "2001:db8:7:a::1")).toBe("ok");
    for (let i = 0; i < 5; i++) await outcome(10 + i, "198.51.100.9");
    expect(await outcome(15, "::ffff:198.51.100.9")).toBe("rate_limited");
  });
});
