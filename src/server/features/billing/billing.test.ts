import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StripeGateway } from "../../adapters/billing/stripe-gateway";
import { stripeCustomers, stripeEvents } from "../../db/schema";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { testDatabaseKinds } from "../../test-support/test-database";
import { apiHeaders, createVerifiedUser, json, multipartForm, startTestApp, type TestApp } from "../../test-support/test-app";
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

const paymentFailed = (id: string, created: number, email: string) =>
  stripeEvent(id, "invoice.payment_failed", created, {
    id: "in_1",
    object: "invoice",
    customer: "cus_T1",
    customer_email: email,
    parent: { type: "subscription_details", subscription_details: { subscription: "sub_T1" } },
    status: "open",
  });

describe.each(testDatabaseKinds)("Stripe webhook on $name", (kind) => {
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

  it("lifts the daily limit for the e-mail a signed webhook names, and the subscription endpoint says so", async () => {
    await t.close();
    t = await startTestApp(kind, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, FREE_DAILY_ANALYSES: "1" });
    const { jwt } = await createVerifiedUser(t, "buyer@example.com");
    const analyze = () => {
      const form = multipartForm({ input: "NWSC" });
      return t.app.inject({ method: "POST", url: "/research/stocks/", payload: form.payload, headers: { ...form.headers, ...apiHeaders(jwt) } });
    };
    expect((await analyze()).statusCode).toBe(200);
    expect((await analyze()).statusCode).toBe(429);
    const before = json(await t.app.inject({ url: "/api/billing/subscription", headers: apiHeaders(jwt) }));
    expect(before).toMatchObject({ plan: "free", subscription: null, usage: { used: 1, limit: 1, remaining: 0 } });

    await deliver(checkoutCompleted("evt_1", T0, "Buyer@Example.COM"));
    expect((await analyze()).statusCode).toBe(200);
    const after = json(await t.app.inject({ url: "/api/billing/subscription", headers: apiHeaders(jwt) }));
    expect(after).toMatchObject({ plan: "premium", subscription: { status: "active", active: true, source: "stripe", manageable: false } });
  });
});

describe.each(testDatabaseKinds)("premium rule on $name", (kind) => {
  it("active and trialing are premium; past_due only for the grace days; a manual grant until its end; revoke at once", async () => {
    const handle = await kind.open();
    try {
      let now = new Date("2026-11-20T12:00:00Z");
      const customers = new StripeCustomersRepository(handle.db, { graceDays: 3, now: () => now });
      await customers.applyEvent({ id: "e1", type: "customer.subscription.updated", created: now }, {
        email: "Pat@Example.com", status: "past_due", customerId: "cus_1", subscriptionId: "sub_1", currentPeriodEnd: null, at: now,
      });
      expect(await customers.isPremium("pat@example.com")).toBe(true);
      now = new Date("2026-11-23T11:59:00Z");
      expect(await customers.isPremium("PAT@example.com")).toBe(true);
      now = new Date("2026-11-23T12:00:01Z");
      expect(await customers.isPremium("pat@example.com")).toBe(false);

      await customers.upsert({ email: "grant@example.com", status: "active", source: "manual", currentPeriodEnd: new Date("2026-11-25T00:00:00Z") });
      expect(await customers.isPremium("grant@example.com")).toBe(true);
      now = new Date("2026-11-25T00:00:01Z");
      expect(await customers.isPremium("grant@example.com")).toBe(false);

      await customers.upsert({ email: "trial@example.com", status: "trialing" });
      expect(await customers.isPremium("trial@example.com")).toBe(true);
      expect(await customers.remove("trial@example.com")).toBe(true);
      expect(await customers.isPremium("trial@example.com")).toBe(false);
      expect(await customers.isPremium("nobody@example.com")).toBe(false);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabaseKinds)("with STRIPE_SECRET_KEY (the real SDK against a local Stripe API) on $name", (kind) => {
  let t: TestApp;
  let stripe: LocalServer;
  beforeEach(async () => {
    // Answers in the shape of Stripe's API reference (hand-written; no recorded Stripe responses exist here).
    stripe = await startLocalServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const send = (body: unknown) => res.writeHead(200, { "content-type": "application/json", "request-id": "req_local" }).end(JSON.stringify(body));
      if (req.headers.authorization !== "Bearer sk_test_local") return res.writeHead(401, { "content-type": "application/json" }).end('{"error":{"type":"invalid_request_error"}}');
      if (url.pathname === "/v1/subscriptions/sub_T1") {
        return send({ id: "sub_T1", object: "subscription", customer: "cus_T1", status: "trialing", items: { object: "list", data: [{ id: "si_1", object: "subscription_item", current_period_end: T0 + 14 * DAY }] } });
      }
      if (url.pathname === "/v1/customers/cus_T2") return send({ id: "cus_T2", object: "customer", email: "Second@Example.com" });
      if (url.pathname === "/v1/billing_portal/sessions" && req.method === "POST") return send({ id: "bps_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/test_local" });
      res.writeHead(404, { "content-type": "application/json" }).end('{"error":{"type":"invalid_request_error","message":"No such resource"}}');
    });
    t = await startTestApp(kind, { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_SECRET_KEY: "sk_test_local", STRIPE_API_BASE_URL: stripe.url });
  });
  afterEach(async () => {
    await t.close();
    stripe.close();
  });

  const deliver = (event: unknown) => {
    const payload = JSON.stringify(event);
    return t.app.inject({ method: "POST", url: "/api/billing/webhook", payload, headers: { "content-type": "application/json", "stripe-signature": StripeGateway.testSignature(payload, WEBHOOK_SECRET) } });
  };

  it("re-reads the subscription a checkout names and the e-mail of an unknown customer; opens the customer portal", async () => {
    await deliver(checkoutCompleted("evt_1", T0, "ann@example.com"));
    const [ann] = await t.database.db.select().from(stripeCustomers);
    expect(ann).toMatchObject({ email: "ann@example.com", status: "trialing", currentPeriodEnd: new Date((T0 + 14 * DAY) * 1000) });

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
});

describe.each(testDatabaseKinds)("Buy Button configuration on $name", (kind) => {
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
