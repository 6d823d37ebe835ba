import { Writable } from "node:stream";
import Fastify from "fastify";
import multipart from "@fastify/multipart";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { TEST_CSRF, apiHeaders, createVerifiedUser, json, startTestApp, type TestApp } from "../test-support/test-app";
import { registerErrorHandler } from "./error-handler";

const BOUNDARY = "----QuantaMalformedBoundary";
const PART = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\nticker\r\nNWSC\r\n`;

/** Bodies that are not multipart/form-data although they say so. */
const MALFORMED: Record<string, { type: string; body: string }> = {
  "no boundary": { type: "multipart/form-data", body: `${PART}--${BOUNDARY}--\r\n` },
  "wrong boundary": { type: "multipart/form-data; boundary=another", body: `${PART}--${BOUNDARY}--\r\n` },
  "boundary over 256 characters": { type: `multipart/form-data; boundary=${"b".repeat(300)}`, body: `--${"b".repeat(300)}\r\n` },
  "truncated body": { type: `multipart/form-data; boundary=${BOUNDARY}`, body: PART.slice(0, 90) },
  "no closing boundary": { type: `multipart/form-data; boundary=${BOUNDARY}`, body: PART },
  garbage: { type: `multipart/form-data; boundary=${BOUNDARY}`, body: "this is not multipart at all" },
  "invalid JSON part": { type: `multipart/form-data; boundary=${BOUNDARY}`, body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="input"\r\nContent-Type: application/json\r\n\r\n{bad\r\n--${BOUNDARY}--\r\n` },
};

/** Bodies busboy reads as an empty form: the route answers them (a 4xx of its own), never a 5xx. */
const EMPTY_FORMS: Record<string, { type: string; body: string }> = {
  "empty boundary": { type: "multipart/form-data; boundary=", body: PART },
  "empty body": { type: `multipart/form-data; boundary=${BOUNDARY}`, body: "" },
};

const INVALID_MULTIPART = "invalid_multipart";

describe.each(testDatabaseKinds("storage-only"))("malformed multipart is a 400 invalid_multipart on every route, on $name", (kind) => {
  let t: TestApp;
  let jwt: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { STRIPE_WEBHOOK_SECRET: "whsec_error_handler_test" });
    ({ jwt } = await createVerifiedUser(t, "multipart@example.com"));
  });
  afterAll(async () => {
    await t.close();
  });

  const routes: { name: string; url: string; headers: () => Record<string, string> }[] = [
    { name: "CSV import", url: "/user/stock-analyses-csv/", headers: () => apiHeaders(jwt) },
    { name: "analyze", url: "/research/stocks/", headers: () => apiHeaders(jwt) },
    { name: "gift form (anonymous)", url: "/gift", headers: () => ({ "sec-fetch-site": "same-origin" }) },
    { name: "payment webhook", url: "/api/billing/webhook", headers: () => ({ "stripe-signature": "t=1,v1=00" }) },
    { name: "contact (anonymous)", url: "/api/contact", headers: () => ({ "x-csrftoken": TEST_CSRF, cookie: `csrftoken=${TEST_CSRF}` }) },
    { name: "chat", url: "/api/chat", headers: () => apiHeaders(jwt) },
  ];

  for (const route of routes) {
    it(`${route.name}: POST ${route.url}`, async () => {
      for (const [what, { type, body }] of Object.entries(MALFORMED)) {
        const response = await t.app.inject({ method: "POST", url: route.url, headers: { ...route.headers(), "content-type": type }, payload: body });
        expect([what, response.statusCode]).toEqual([what, 400]);
        expect([what, json(response)]).toEqual([what, { error: expect.stringMatching(/not valid multipart\/form-data/), code: INVALID_MULTIPART }]);
      }
      for (const [what, { type, body }] of Object.entries(EMPTY_FORMS)) {
        const response = await t.app.inject({ method: "POST", url: route.url, headers: { ...route.headers(), "content-type": type }, payload: body });
        expect([what, response.statusCode >= 400 && response.statusCode < 500]).toEqual([what, true]);
      }
    });
  }
});

describe("multipart errors in the error handler", () => {
  it("maps limits to 413, logs at warn without the body, and leaves a handler's own failure a 500", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const app = Fastify({ logger: { level: "warn", stream } });
    registerErrorHandler(app);
    await app.register(multipart, { attachFieldsToBody: "keyValues", limits: { fields: 2 } });
    app.post("/upload", async () => ({ ok: true }));
    app.post("/broken", async () => {
      throw new Error("Unexpected end of form");
    });
    await app.ready();

    const fields = Array.from({ length: 5 }, (_, i) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nSECRETVALUE\r\n`).join("");
    const tooMany = await app.inject({ method: "POST", url: "/upload", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, payload: `${fields}--${BOUNDARY}--\r\n` });
    expect(tooMany.statusCode).toBe(413);
    expect(json(tooMany)).toEqual({ error: "The form has too many fields or files.", code: "too_many_parts" });

    const truncated = await app.inject({ method: "POST", url: "/upload", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` }, payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\nSECRETVALUE` });
    expect(json(truncated).code).toBe(INVALID_MULTIPART);

    // The same words from a handler on a JSON request are a real failure, not the client's.
    const broken = await app.inject({ method: "POST", url: "/broken", payload: { a: 1 } });
    expect(broken.statusCode).toBe(500);
    await app.close();

    const warnings = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.level === 40);
    expect(warnings.map((w) => w.code)).toEqual(["too_many_parts", INVALID_MULTIPART]);
    expect(warnings[1]).toMatchObject({ route: "/upload", reqId: expect.any(String) });
    expect(lines.join("\n")).not.toContain("SECRETVALUE");
  });
});
