import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StripeGateway } from "../../adapters/billing/stripe-gateway";
import { stripeCustomers, stripeEvents } from "../../db/schema";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../../test-support/test-app";
import { BillingWebhookService } from "./billing-webhook.service";
import { BillingService } from "./billing.service";
import { StripeCustomersRepository } from "./stripe-customers.repository";

const WEBHOOK_SECRET = "whsec_test_0123456789abcdefghijklmnopqrstuv";
const DAY = 86_400;

/** A Stripe event in the documented shape; the object is the part Quanta reads. */
function stripeEvent(id: string, type: string, created: number, object: Record<string, unknown>) {
  return { id, object: "event", api_version: "2025-09-30.clover", created, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
}

const T0 = Math.floor(Date.parse("2026-11-20T12:00:00Z") / 1000);

const checkoutCompleted = (id: string, created: number, email: string) =>
  stripeEvent(id, "checkout.session.completed", created, {
    id: "cs_test_a1",
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    customer: "cus_T1",
    subscription: "sub_T1",
    client_reference_id: "user-1",
    customer_details: { email, name: "Ann" },
    customer_email: null,
  });

const subscriptionEvent = (id: string, type: string, created: number, status: string, periodEnd = T0 + 30 * DAY) =>
  stripeEvent(id, type, created, {
    id: "sub_T1",
    object: "subscription",
    customer: "cus_T1",
    status,
    items: { object: "list", data: [{ id: "si_1", object: "subscription_item", current_period_start: T0, current_period_end: periodEnd }] },
  });

/** A subscription event of any subscription and customer. */
const subscriptionOf = (id: string, type: string, created: number, sub: { id: string; customer: string; status: string; periodEnd?: number }) =>
  stripeEvent(id, type, created, {
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    items: { object: "list", data: [{ id: `si_${sub.id}`, object: "subscription_item", current_period_start: T0, current_period_end: sub.periodEnd ?? T0 + 30 * DAY }] },
  });

const checkoutOf = (id: string, created: number, email: string, customer: string, subscription: string) =>
  stripeEvent(id, "checkout.session.completed", created, {
    id: `cs_${id}`,
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    customer,
    subscription,
    customer_details: { email, name: null },
    customer_email: null,
  });

const invoiceFailed = (id: string, created: number, email: string, customer: string, subscription: string) =>
  stripeEvent(id, "invoice.payment_failed", created, {
    id: `in_${id}`,
    object: "invoice",
    customer,
    customer_email: email,
    parent: { type: "subscription_details", subscription_details: { subscription } },
    status: "open",
  });

const paymentFailed = (id: string, created: number, email: string) =>
  stripeEvent(id, "invoice.payment_failed", created, {
    id: "in_1",
    object: "invoice",
    customer: "cus_T1",
    customer_email: email,
    parent: { type: "subscription_details", subscription_details: { subscription: "sub_T1" } },
    status: "open",
  });

describe.each(testDatabaseKinds("database-behaviour"))("Stripe webhook on $name", (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp(kind, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  });
  afterEach(async () => {
    await t.close();
  });

  function deliver(event: unknown, options: { secret?: string; signature?: string | null; body?: string } = {}) {
    const payload = options.body ?? JSON.stringify(event);
    const signature = options.signature === undefined ? StripeGateway.testSignature(payload, options.secret ?? WEBHOOK_SECRET) : options.signature;
    return t.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      payload,
      headers: { "content-type": "application/json", ...(signature !== null && { "stripe-signature": signature }) },
    });
  }

  const row = async (email: string) => (await t.database.db.select().from(stripeCustomers)).find((r) => r.email === email);
  const eventCount = async () => (await t.database.db.select().from(stripeEvents)).length;

  it("checkout completed, subscription created/updated/deleted and a failed payment each set the plan", async () => {
    expect(json(await deliver(checkoutCompleted("evt_1", T0, "Ann@Example.com")))).toEqual({ received: true, outcome: "applied" });
    expect(await row("ann@example.com")).toMatchObject({ status: "active", customerId: "cus_T1", subscriptionId: "sub_T1", source: "stripe" });

    await deliver(subscriptionEvent("evt_2", "customer.subscription.created", T0 + 1, "trialing"));
    expect(await row("ann@example.com")).toMatchObject({ status: "trialing", currentPeriodEnd: new Date((T0 + 30 * DAY) * 1000) });
    await deliver(subscriptionEvent("evt_3", "customer.subscription.updated", T0 + 2, "active", T0 + 60 * DAY));
    expect(await row("ann@example.com")).toMatchObject({ status: "active", currentPeriodEnd: new Date((T0 + 60 * DAY) * 1000) });

    await deliver(paymentFailed("evt_4", T0 + 3, "ann@example.com"));
    expect(await row("ann@example.com")).toMatchObject({ status: "past_due", pastDueSince: new Date((T0 + 3) * 1000) });
    // A second failure keeps the first date: the grace period does not restart.
    await deliver(paymentFailed("evt_5", T0 + 4, "ann@example.com"));
    expect((await row("ann@example.com"))!.pastDueSince).toEqual(new Date((T0 + 3) * 1000));

    await deliver(subscriptionEvent("evt_6", "customer.subscription.deleted", T0 + 5, "canceled"));
    expect(await row("ann@example.com")).toMatchObject({ status: "canceled", pastDueSince: null });
    expect(await eventCount()).toBe(6);
  });

  it("a replayed event changes nothing; an older event after a newer one is recorded but not applied", async () => {
    await deliver(checkoutCompleted("evt_1", T0, "ann@example.com"));
    await deliver(subscriptionEvent("evt_3", "customer.subscription.updated", T0 + 100, "active"));
    const replay = await deliver(subscriptionEvent("evt_3", "customer.subscription.updated", T0 + 100, "active"));
    expect(json(replay)).toEqual({ received: true, outcome: "duplicate" });
    const older = await deliver(subscriptionEvent("evt_2", "customer.subscription.updated", T0 + 50, "past_due"));
    expect(json(older)).toEqual({ received: true, outcome: "stale" });
    expect(await row("ann@example.com")).toMatchObject({ status: "active", stateAt: new Date((T0 + 100) * 1000) });
    expect(await eventCount()).toBe(3);
  });

  it("refuses a bad or missing signature and malformed JSON with 400, storing nothing", async () => {
    const wrongSecret = await deliver(checkoutCompleted("evt_1", T0, "ann@example.com"), { secret: "whsec_someone_else_000000000000000000" });
    expect(wrongSecret.statusCode).toBe(400);
    expect(json(wrongSecret)).toEqual({ error: "Invalid Stripe signature.", code: "stripe_signature_invalid" });
    const missing = await deliver(checkoutCompleted("evt_1", T0, "ann@example.com"), { signature: null });
    expect(json(missing)).toEqual({ error: "Missing Stripe-Signature header.", code: "stripe_signature_invalid" });
    const tampered = StripeGateway.testSignature(JSON.stringify(checkoutCompleted("evt_1", T0, "ann@example.com")), WEBHOOK_SECRET);
    const changedBody = await deliver(null, { body: JSON.stringify(checkoutCompleted("evt_1", T0, "mallory@example.com")), signature: tampered });
    expect(changedBody.statusCode).toBe(400);
    const malformed = await deliver(null, { body: '{"id": "evt_9", "type": ' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).code).toBe("stripe_payload_invalid");
    expect(await eventCount()).toBe(0);
    expect(await t.database.db.select().from(stripeCustomers)).toEqual([]);
  });

  it("refuses correctly signed JSON that is not an event (null, a number, an array) with 400", async () => {
    for (const body of ["null", "42", "[]", '"text"']) {
      const response = await deliver(null, { body });
      expect(response.statusCode, body).toBe(400);
      expect(json(response), body).toMatchObject({ code: "stripe_payload_invalid" });
    }
    expect(await eventCount()).toBe(0);
  });

  it("acknowledges unknown event types with 200 and changes nothing", async () => {
    const response = await deliver(stripeEvent("evt_x", "customer.created", T0, { id: "cus_9", object: "customer", email: "x@example.com" }));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ received: true, outcome: "ignored" });
    expect(await t.database.db.select().from(stripeCustomers)).toEqual([]);
  });

  it("a subscription event for an unknown customer without a secret key is recorded and changes nothing", async () => {
    const response = await deliver(subscriptionEvent("evt_2", "customer.subscription.updated", T0, "active"));
    expect(json(response)).toEqual({ received: true, outcome: "applied" });
    expect(await t.database.db.select().from(stripeCustomers)).toEqual([]);
  });

  const premium = async (email: string) => t.services.billing.isPremium(email);

  it("two changes of one subscription in the same second end the same whatever the delivery order (no secret key)", async () => {
    const subs = { ann: "sub_A", bob: "sub_B", cat: "sub_C", dan: "sub_D", eve: "sub_E" };
    for (const [name, sub] of Object.entries(subs)) await deliver(checkoutOf(`evt_co_${name}`, T0, `${name}@example.com`, `cus_${name}`, sub));
    const at = T0 + 5;
    const of = (name: keyof typeof subs, status: string) => ({ id: subs[name], customer: `cus_${name}`, status });
    // Updated, then deleted in the same second (cancel at once): canceled, in either delivery order.
    expect(json(await deliver(subscriptionOf("evt_ann_2", "customer.subscription.deleted", at, of("ann", "canceled"))))).toEqual({ received: true, outcome: "applied" });
    expect(json(await deliver(subscriptionOf("evt_ann_1", "customer.subscription.updated", at, of("ann", "active"))))).toEqual({ received: true, outcome: "stale" });
    await deliver(subscriptionOf("evt_bob_1", "customer.subscription.updated", at, of("bob", "active")));
    await deliver(subscriptionOf("evt_bob_2", "customer.subscription.deleted", at, of("bob", "canceled")));
    expect(await row("ann@example.com")).toMatchObject({ status: "canceled" });
    expect(await row("bob@example.com")).toMatchObject({ status: "canceled" });
    expect(await premium("ann@example.com")).toBe(false);
    // Created (incomplete) and paid (active) in one second, delivered backwards: active.
    await deliver(subscriptionOf("evt_cat_2", "customer.subscription.updated", at, of("cat", "active")));
    await deliver(subscriptionOf("evt_cat_1", "customer.subscription.created", at, of("cat", "incomplete")));
    expect(await row("cat@example.com")).toMatchObject({ status: "active" });
    // past_due and active in one second cannot be ordered without the API: both orders keep past_due.
    await deliver(subscriptionOf("evt_dan_1", "customer.subscription.updated", at, of("dan", "past_due")));
    await deliver(subscriptionOf("evt_dan_2", "customer.subscription.updated", at, of("dan", "active")));
    await deliver(subscriptionOf("evt_eve_2", "customer.subscription.updated", at, of("eve", "active")));
    await deliver(subscriptionOf("evt_eve_1", "customer.subscription.updated", at, of("eve", "past_due")));
    expect((await row("dan@example.com"))!.status).toBe((await row("eve@example.com"))!.status);
    expect(await row("dan@example.com")).toMatchObject({ status: "past_due" });
  });

  it("a canceled subscription is final: a later payment failure or update of it never brings premium back (no secret key)", async () => {
    await deliver(checkoutOf("evt_1", T0, "ann@example.com", "cus_T1", "sub_T1"));
    await deliver(subscriptionEvent("evt_2", "customer.subscription.deleted", T0 + 5, "canceled"));
    expect(json(await deliver(paymentFailed("evt_3", T0 + 6, "ann@example.com")))).toEqual({ received: true, outcome: "stale" });
    await deliver(subscriptionEvent("evt_4", "customer.subscription.updated", T0 + 7, "active"));
    expect(await row("ann@example.com")).toMatchObject({ status: "canceled", pastDueSince: null });
    expect(await premium("ann@example.com")).toBe(false);
  });

  it("a customer shared by several e-mails: a deletion reaches every row holding that subscription; own live subscriptions and manual grants stay", async () => {
    const customers = new StripeCustomersRepository(t.database.db);
    await deliver(checkoutOf("evt_1", T0, "ann@example.com", "cus_1", "sub_1"));
    // The customer's e-mail changed and the same subscription checked out again under the new one.
    await deliver(checkoutOf("evt_2", T0 + 1, "Bob@Example.com", "cus_1", "sub_1"));
    // Another subscription of the same customer, for a third e-mail.
    await deliver(checkoutOf("evt_3", T0 + 2, "cat@example.com", "cus_1", "sub_2"));
    // Dan moved from sub_3 to sub_4 of the same customer; Eve has a manual grant.
    await deliver(checkoutOf("evt_4", T0 + 3, "dan@example.com", "cus_1", "sub_3"));
    await deliver(checkoutOf("evt_5", T0 + 4, "dan@example.com", "cus_1", "sub_4"));
    await customers.upsert({ email: "eve@example.com", status: "active", source: "manual" });
    for (const email of ["ann", "bob", "cat", "dan", "eve"]) expect(await premium(`${email}@example.com`)).toBe(true);

    await deliver(subscriptionOf("evt_6", "customer.subscription.deleted", T0 + 10, { id: "sub_1", customer: "cus_1", status: "canceled" }));
    expect(await premium("ann@example.com")).toBe(false);
    expect(await premium("bob@example.com")).toBe(false);
    expect(await premium("cat@example.com")).toBe(true);
    await deliver(subscriptionOf("evt_7", "customer.subscription.deleted", T0 + 11, { id: "sub_3", customer: "cus_1", status: "canceled" }));
    expect(await premium("dan@example.com")).toBe(true);
    // A failed invoice of a subscription Eve does not hold, naming her e-mail, leaves her grant alone.
    await deliver(invoiceFailed("evt_8", T0 + 12, "eve@example.com", "cus_9", "sub_9"));
    expect(await row("eve@example.com")).toMatchObject({ status: "active", source: "manual" });
    await deliver(subscriptionOf("evt_9", "customer.subscription.deleted", T0 + 13, { id: "sub_2", customer: "cus_1", status: "canceled" }));
    expect(await premium("cat@example.com")).toBe(false);
    expect(await premium("dan@example.com")).toBe(true);
    expect(await premium("eve@example.com")).toBe(true);
    expect((await row("ann@example.com"))!.status).toBe("canceled");
  });

  it("a signed event with a NUL or a malformed e-mail or id is answered 200 'invalid', recorded once, and changes nothing", async () => {
    const nulEmail = await deliver(checkoutOf("evt_1", T0, "ann\u0000@example.com", "cus_1", "sub_1"));
    expect(nulEmail.statusCode).toBe(200);
    expect(json(nulEmail)).toEqual({ received: true, outcome: "invalid" });
    expect(json(await deliver(checkoutOf("evt_1", T0, "ann\u0000@example.com", "cus_1", "sub_1")))).toEqual({ received: true, outcome: "duplicate" });
    expect(json(await deliver(checkoutOf("evt_2", T0, "not an address", "cus_1", "sub_1")))).toEqual({ received: true, outcome: "invalid" });
    expect(json(await deliver(checkoutOf("evt_3", T0, "ann@example.com", "cus_1", "sub_\u00001")))).toEqual({ received: true, outcome: "invalid" });
    expect(json(await deliver(subscriptionOf("evt_4", "customer.subscription.updated", T0, { id: "sub_1", customer: "cus_\u0000", status: "active" })))).toEqual({ received: true, outcome: "invalid" });
    expect(await eventCount()).toBe(4);
    // Not even the event id can be stored: acknowledged, nothing recorded.
    const nulId = await deliver(checkoutOf("evt_\u00005", T0, "ann@example.com", "cus_1", "sub_1"));
    expect(nulId.statusCode).toBe(200);
    expect(json(nulId)).toEqual({ received: true, outcome: "invalid" });
    expect(await eventCount()).toBe(4);
    expect(await t.database.db.select().from(stripeCustomers)).toEqual([]);

    // A NUL in the status of a known subscription: the row keeps its state.
    await deliver(checkoutOf("evt_6", T0, "ann@example.com", "cus_1", "sub_1"));
    expect(json(await deliver(subscriptionOf("evt_7", "customer.subscription.updated", T0 + 1, { id: "sub_1", customer: "cus_1", status: "past\u0000due" })))).toEqual({
      received: true,
      outcome: "invalid",
    });
    expect(await row("ann@example.com")).toMatchObject({ status: "active" });
  });

  it("a signed event with a creation time or period end out of range (year 10000+, negative, NaN) is answered 200 'invalid' on every replay", async () => {
    const year200000 = Date.UTC(200_000, 0, 1) / 1000;
    const beyondJavaScript = 8_640_000_000_001; // a NaN Date once multiplied to milliseconds
    // JSON.stringify cannot write Infinity; a signed body can (1e400 parses to Infinity).
    const withRawNumber = (event: unknown, marker: number, raw: string) => JSON.stringify(event).replace(String(marker), raw);
    await deliver(checkoutOf("evt_ok", T0, "ann@example.com", "cus_1", "sub_1"));
    const before = await row("ann@example.com");

    for (const [label, created] of [["year 200000", year200000], ["year 275760+", beyondJavaScript], ["negative", -1]] as const) {
      for (const attempt of [1, 2]) {
        const response = await deliver(checkoutOf(`evt_created_${attempt}`, created, "bob@example.com", "cus_2", "sub_2"));
        expect(response.statusCode, `${label} #${attempt}`).toBe(200);
        expect(json(response), label).toEqual({ received: true, outcome: "invalid" });
      }
    }
    const infiniteCreated = await deliver(null, { body: withRawNumber(checkoutOf("evt_inf", 123_456, "bob@example.com", "cus_2", "sub_2"), 123_456, "1e400") });
    expect(infiniteCreated.statusCode).toBe(200);
    expect(json(infiniteCreated)).toEqual({ received: true, outcome: "invalid" });
    expect(await row("bob@example.com")).toBeUndefined();

    const periodEnds = [["year 200000", year200000], ["year 275760+", beyondJavaScript], ["negative", -5]] as const;
    for (const [index, [label, periodEnd]] of periodEnds.entries()) {
      const event = subscriptionOf(`evt_end_${index}`, "customer.subscription.updated", T0 + 10, { id: "sub_1", customer: "cus_1", status: "canceled", periodEnd });
      expect(json(await deliver(event)), label).toEqual({ received: true, outcome: "invalid" });
      const replay = await deliver(event);
      expect(replay.statusCode, label).toBe(200);
      expect(json(replay), label).toEqual({ received: true, outcome: "duplicate" });
    }
    const infiniteEnd = withRawNumber(subscriptionOf("evt_end_inf", "customer.subscription.updated", T0 + 10, { id: "sub_1", customer: "cus_1", status: "canceled", periodEnd: 654_321 }), 654_321, "1e400");
    expect(json(await deliver(null, { body: infiniteEnd }))).toEqual({ received: true, outcome: "invalid" });
    expect(await row("ann@example.com")).toEqual(before);
    // The checkout and the four period-end events are recorded; events with an unusable creation time are not.
    expect(await eventCount()).toBe(5);
  });

  it("answers unsigned or unreadable garbage with 400 {error, code}", async () => {
    const post = (payload: string, headers: Record<string, string>) => t.app.inject({ method: "POST", url: "/api/billing/webhook", payload, headers });
    for (const response of [
      await post("garbage", { "content-type": "application/json" }),
      await post("garbage\u0000", { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" }),
      await post(JSON.stringify(checkoutCompleted("evt_1", T0, "ann@example.com")), { "content-type": "application/json", "stripe-signature": "garbage" }),
      await post("", { "content-type": "application/json" }),
      await post("garbage", { "content-type": "text/plain" }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(Object.keys(json(response)).sort()).toEqual(["code", "error"]);
    }
    // No content type at all: Fastify's 415, in the same shape.
    const untyped = await post("garbage", {});
    expect(untyped.statusCode).toBe(415);
    expect(Object.keys(json(untyped)).sort()).toEqual(["code", "error"]);
    const signedNotEvent = await deliver(null, { body: "[1,2,3]" });
    expect(signedNotEvent.statusCode).toBe(400);
    expect(json(signedNotEvent)).toEqual({ error: "The webhook body is not a Stripe event.", code: "stripe_payload_invalid" });
    expect(await eventCount()).toBe(0);
  });

  it("lifts the daily limit for the e-mail a signed webhook names, and the subscription endpoint says so", async () => {
    await t.close();
    t = await startTestApp(kind, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, FREE_DAILY_ANALYSES: "1" });
    const { jwt } = await createVerifiedUser(t, "buyer@example.com");
    // Another ticker each time: the same ticker on the same market data is not charged again.
    const analyze = (input: string) => {
      const form = multipartForm({ input });
      return t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    };
    expect((await analyze("NWSC")).statusCode).toBe(200);
    expect((await analyze("ECHF")).statusCode).toBe(429);
    const before = json(await t.app.inject({ url: "/api/billing/subscription", headers: apiHeaders(jwt) }));
    expect(before).toMatchObject({ plan: "free", subscription: null, usage: { used: 1, limit: 1, remaining: 0 } });

    await deliver(checkoutCompleted("evt_1", T0, "Buyer@Example.COM"));
    expect((await analyze("ECHF")).statusCode).toBe(200);
    const after = json(await t.app.inject({ url: "/api/billing/subscription", headers: apiHeaders(jwt) }));
    expect(after).toMatchObject({ plan: "premium", subscription: { status: "active", active: true, source: "stripe", manageable: false } });
  });
});

describe.each(testDatabaseKinds("database-behaviour"))("premium rule on $name", (kind) => {
  it("active and trialing are premium; past_due only for the grace days; a manual grant until its end; revoke at once", async () => {
    const handle = await kind.open();
    try {
      let now = new Date("2026-11-20T12:00:00Z");
      const policy = { graceDays: 3, now: () => now };
      const customers = new StripeCustomersRepository(handle.db, policy);
      const billing = new BillingService({ customers, gateway: { canReadApi: false, portalUrl: async () => "" }, policy, appUrl: "http://localhost" });
      await customers.applyEvent({ id: "e1", type: "customer.subscription.updated", created: now }, {
        email: "Pat@Example.com", status: "past_due", customerId: "cus_1", subscriptionId: "sub_1", currentPeriodEnd: null, at: now,
      });
      expect(await billing.isPremium("pat@example.com")).toBe(true);
      now = new Date("2026-11-23T11:59:00Z");
      expect(await billing.isPremium("PAT@example.com")).toBe(true);
      now = new Date("2026-11-23T12:00:01Z");
      expect(await billing.isPremium("pat@example.com")).toBe(false);

      await customers.upsert({ email: "grant@example.com", status: "active", source: "manual", currentPeriodEnd: new Date("2026-11-25T00:00:00Z") });
      expect(await billing.isPremium("grant@example.com")).toBe(true);
      now = new Date("2026-11-25T00:00:01Z");
      expect(await billing.isPremium("grant@example.com")).toBe(false);

      await customers.upsert({ email: "trial@example.com", status: "trialing" });
      expect(await billing.isPremium("trial@example.com")).toBe(true);
      expect(await customers.remove("trial@example.com")).toBe(true);
      expect(await billing.isPremium("trial@example.com")).toBe(false);
      expect(await billing.isPremium("nobody@example.com")).toBe(false);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabaseKinds("storage-only"))("with STRIPE_SECRET_KEY (the real SDK against a local Stripe API) on $name", (kind) => {
  let t: TestApp;
  let stripe: LocalServer;
  /** What the local Stripe answers now, by id (tests change it between deliveries). */
  let subscriptions: Map<string, Record<string, unknown>>;
  let customerEmails: Map<string, string>;
  const subscriptionObject = (id: string, customer: string, status: string, periodEnd = T0 + 14 * DAY) => ({
    id,
    object: "subscription",
    customer,
    status,
    items: { object: "list", data: [{ id: `si_${id}`, object: "subscription_item", current_period_end: periodEnd }] },
  });
  beforeEach(async () => {
    subscriptions = new Map([["sub_T1", subscriptionObject("sub_T1", "cus_T1", "trialing")]]);
    customerEmails = new Map([["cus_T2", "Second@Example.com"]]);
    // Answers in the shape of Stripe's API reference (hand-written; no recorded Stripe responses exist here).
    stripe = await startLocalServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const send = (body: unknown) => res.writeHead(200, { "content-type": "application/json", "request-id": "req_local" }).end(JSON.stringify(body));
      if (req.headers.authorization !== "Bearer sk_test_local") return res.writeHead(401, { "content-type": "application/json" }).end('{"error":{"type":"invalid_request_error"}}');
      const [, version, collection, id] = url.pathname.split("/");
      if (version === "v1" && collection === "subscriptions" && id && subscriptions.has(id)) return send(subscriptions.get(id));
      if (version === "v1" && collection === "customers" && id && customerEmails.has(id)) return send({ id, object: "customer", email: customerEmails.get(id) });
      if (url.pathname === "/v1/billing_portal/sessions" && req.method === "POST") return send({ id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/test_local" });
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"type":"invalid_request_error","message":"No such resource"}}');
    });
    t = await startTestApp(kind, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_SECRET_KEY: "sk_test_local", STRIPE_API_BASE_URL: stripe.url });
  });
  afterEach(async () => {
    await t.close();
    await stripe.close();
  });

  const deliver = (event: unknown) => {
    const payload = JSON.stringify(event);
    return t.app.inject({ method: "POST", url: "/api/billing/webhook", payload, headers: { "content-type": "application/json", "stripe-signature": StripeGateway.testSignature(payload, WEBHOOK_SECRET) } });
  };
  const row = async (email: string) => (await t.database.db.select().from(stripeCustomers)).find((r) => r.email === email);

  it("re-reads the subscription a checkout names and the e-mail of an unknown customer; opens the customer portal", async () => {
    await deliver(checkoutCompleted("evt_1", T0, "ann@example.com"));
    const [ann] = await t.database.db.select().from(stripeCustomers);
    expect(ann).toMatchObject({ email: "ann@example.com", status: "trialing", currentPeriodEnd: new Date((T0 + 14 * DAY) * 1000) });

    subscriptions.set("sub_T2", subscriptionObject("sub_T2", "cus_T2", "active"));
    const second = stripeEvent("evt_2", "customer.subscription.created", T0, { id: "sub_T2", object: "subscription", customer: "cus_T2", status: "active", items: { data: [] } });
    await deliver(second);
    const rows = await t.database.db.select().from(stripeCustomers);
    expect(rows.find((r) => r.email === "second@example.com")).toMatchObject({ status: "active", customerId: "cus_T2" });

    const { jwt } = await createVerifiedUser(t, "ann@example.com");
    const subscription = json(await t.app.inject({ url: "/api/billing/subscription", headers: apiHeaders(jwt) }));
    expect(subscription).toMatchObject({ plan: "premium", subscription: { status: "trialing", manageable: true } });
    const portal = await t.app.inject({ method: "POST", url: "/api/billing/portal", headers: apiHeaders(jwt) });
    expect(json(portal)).toEqual({ url: "https://billing.stripe.com/p/session/test_local" });
    expect(stripe.requests.some((r) => r.startsWith("/v1/billing_portal/sessions"))).toBe(true);
  });

  it("a period end out of range in the subscription Stripe's API returns is 'invalid' too, not a 500", async () => {
    subscriptions.set("sub_T1", subscriptionObject("sub_T1", "cus_T1", "active", 8_640_000_000_001));
    for (const attempt of ["first", "replay"]) {
      const response = await deliver(checkoutCompleted("evt_1", T0, "ann@example.com"));
      expect(response.statusCode, attempt).toBe(200);
      expect(json(response).outcome, attempt).toBe(attempt === "first" ? "invalid" : "duplicate");
    }
    expect(await row("ann@example.com")).toBeUndefined();
  });

  it("applies the state Stripe holds now, whatever event triggered the delivery and in whatever order deliveries arrive", async () => {
    await deliver(checkoutCompleted("evt_1", T0, "ann@example.com"));
    // Updated then deleted in the same second, delivered backwards: Stripe now says canceled.
    subscriptions.set("sub_T1", subscriptionObject("sub_T1", "cus_T1", "canceled"));
    await deliver(subscriptionEvent("evt_3", "customer.subscription.deleted", T0 + 5, "canceled"));
    await deliver(subscriptionEvent("evt_2", "customer.subscription.updated", T0 + 5, "active"));
    expect(await row("ann@example.com")).toMatchObject({ status: "canceled" });

    // A newer event saying past_due arrives first, an older one saying active after it, and Stripe
    // says active (the payment was retried): the older delivery still applies the current state.
    subscriptions.set("sub_B", subscriptionObject("sub_B", "cus_B", "past_due", T0 + 40 * DAY));
    await deliver(checkoutOf("evt_4", T0, "bob@example.com", "cus_B", "sub_B"));
    await deliver(subscriptionOf("evt_6", "customer.subscription.updated", T0 + 50, { id: "sub_B", customer: "cus_B", status: "past_due" }));
    expect(await row("bob@example.com")).toMatchObject({ status: "past_due" });
    subscriptions.set("sub_B", subscriptionObject("sub_B", "cus_B", "active", T0 + 40 * DAY));
    expect(json(await deliver(subscriptionOf("evt_5", "customer.subscription.updated", T0 + 40, { id: "sub_B", customer: "cus_B", status: "active" })))).toEqual({
      received: true,
      outcome: "applied",
    });
    expect(await row("bob@example.com")).toMatchObject({ status: "active", pastDueSince: null, currentPeriodEnd: new Date((T0 + 40 * DAY) * 1000) });
    expect(stripe.requests.filter((r) => r === "/v1/subscriptions/sub_B").length).toBe(3);
  });

  it("a new subscription of a customer whose Stripe e-mail holds a manual grant does not take the grant away until it is live; a NUL e-mail from the API is 'invalid'", async () => {
    await new StripeCustomersRepository(t.database.db).upsert({ email: "dan@example.com", status: "active", source: "manual" });
    // Created after the grant.
    const later = Math.floor(Date.now() / 1000) + 60;
    customerEmails.set("cus_D", "Dan@Example.com");
    subscriptions.set("sub_D", subscriptionObject("sub_D", "cus_D", "incomplete"));
    expect(json(await deliver(subscriptionOf("evt_1", "customer.subscription.created", later, { id: "sub_D", customer: "cus_D", status: "incomplete" })))).toEqual({
      received: true,
      outcome: "kept",
    });
    expect(await row("dan@example.com")).toMatchObject({ status: "active", source: "manual" });
    subscriptions.set("sub_D", subscriptionObject("sub_D", "cus_D", "active"));
    await deliver(subscriptionOf("evt_2", "customer.subscription.updated", later + 1, { id: "sub_D", customer: "cus_D", status: "active" }));
    expect(await row("dan@example.com")).toMatchObject({ status: "active", source: "stripe", subscriptionId: "sub_D" });

    customerEmails.set("cus_N", "nul\u0000@example.com");
    subscriptions.set("sub_N", subscriptionObject("sub_N", "cus_N", "active"));
    const nul = await deliver(subscriptionOf("evt_3", "customer.subscription.created", T0, { id: "sub_N", customer: "cus_N", status: "active" }));
    expect(nul.statusCode).toBe(200);
    expect(json(nul)).toEqual({ received: true, outcome: "invalid" });
    expect((await t.database.db.select().from(stripeCustomers)).map((r) => r.email)).toEqual(["dan@example.com"]);
  });
});

describe.each(testDatabaseKinds("storage-only"))("webhook service log on $name", (kind) => {
  it("logs an invalid event at warn with its id, type and reason, never the e-mail", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const handle = await kind.open();
    try {
      const service = new BillingWebhookService({
        gateway: new StripeGateway({ webhookSecret: WEBHOOK_SECRET, secretKey: undefined }),
        customers: new StripeCustomersRepository(handle.db),
        log: pino({ level: "info" }, sink),
      });
      const payload = JSON.stringify(checkoutOf("evt_nul", T0, "secret.person\u0000@example.com", "cus_1", "sub_1"));
      expect(await service.handle(Buffer.from(payload), StripeGateway.testSignature(payload, WEBHOOK_SECRET))).toEqual({ outcome: "invalid", type: "checkout.session.completed" });
      const invalid = JSON.stringify(checkoutOf("evt_bad", T0, "secret.person@", "cus_1", "sub_1"));
      expect(await service.handle(Buffer.from(invalid), StripeGateway.testSignature(invalid, WEBHOOK_SECRET))).toEqual({ outcome: "invalid", type: "checkout.session.completed" });
      const warnings = lines.filter((line) => line.level === 40);
      expect(warnings.map(({ eventId, type, reason }) => ({ eventId, type, reason }))).toEqual([
        { eventId: "evt_nul", type: "checkout.session.completed", reason: "email_contains_nul" },
        { eventId: "evt_bad", type: "checkout.session.completed", reason: "email_invalid" },
      ]);
      expect(JSON.stringify(lines)).not.toContain("secret.person");
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabaseKinds("storage-only"))("Buy Button configuration on $name", (kind) => {
  it("publishes the public Buy Button values and lets exactly Stripe's origins into the CSP; nothing Stripe without it", async () => {
    const directives = (header: string | undefined) =>
      Object.fromEntries(String(header).split(";").map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
    const sold = await startTestApp(kind, { STRIPE_PUBLISHABLE_KEY: "pk_test_123", STRIPE_BUY_BUTTON_ID: "buy_btn_123", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    try {
      const config = await sold.app.inject({ url: "/api/config" });
      expect(json(config)).toMatchObject({ billingEnabled: true, stripe: { publishableKey: "pk_test_123", buyButtonId: "buy_btn_123" } });
      expect(JSON.stringify(json(config))).not.toContain("whsec_");
      const csp = directives(config.headers["content-security-policy"] as string);
      expect(csp["script-src"]).toEqual(["'self'", "https://js.stripe.com"]);
      expect(csp["frame-src"]).toEqual(["'self'", "https://js.stripe.com", "https://buy.stripe.com", "https://checkout.stripe.com"]);
      expect(csp["connect-src"]).toEqual(["'self'", "https://api.stripe.com", "https://merchant-ui-api.stripe.com"]);
    } finally {
      await sold.close();
    }
    const plain = await startTestApp(kind);
    try {
      const config = await plain.app.inject({ url: "/api/config" });
      expect(json(config)).toMatchObject({ billingEnabled: false, stripe: null });
      expect(String(config.headers["content-security-policy"])).not.toContain("stripe");
    } finally {
      await plain.close();
    }
  });
});
