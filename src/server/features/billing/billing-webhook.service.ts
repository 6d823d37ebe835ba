import type { Logger } from "../../logger";
import { z } from "zod";
import { AppError } from "../../app-error";
import { idOf, periodEndOf, WebhookVerificationError, type StripeGateway, type VerifiedEvent } from "../../adapters/billing/stripe-gateway";
import type { ApplyOutcome, StripeCustomersRepository, SubscriptionChange } from "./stripe-customers.repository";

/** The events that change a customer's plan; any other type is acknowledged and ignored. */
const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
] as const;

/** 'invalid': signed, but a value Quanta would store is unusable; recorded (when its id is), nothing applied. */
export type WebhookResult = { outcome: ApplyOutcome | "ignored" | "invalid"; type: string };

/** Stripe's object ids (evt_…, cus_…, sub_…): letters, digits and underscores. */
const STRIPE_ID = /^[A-Za-z0-9_]{1,255}$/;
/** Subscription statuses are lower-case words joined by underscores. */
const STATUS = /^[a-z_]{1,64}$/;
const EMAIL = z.email().max(254);

/** A value of a signed event that Quanta will not store; `reason` names the field, never its text. */
class InvalidEventValue extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "InvalidEventValue";
  }
}

/**
 * The latest instant Quanta stores from Stripe: 9999-12-31T23:59:59Z. Later ones (up to JavaScript's
 * year 275760) are not written as 4-digit ISO years, and beyond that a Date is NaN.
 */
const LAST_STORABLE_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** A Stripe time Quanta stores: after the epoch and before year 10000, else the event is invalid. */
function storableTime<T extends Date | null>(time: T, field: string): T {
  if (time === null) return time;
  const ms = time.getTime();
  if (!Number.isFinite(ms) || ms <= 0 || ms > LAST_STORABLE_MS) throw new InvalidEventValue(`${field}_out_of_range`);
  return time;
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** An id Quanta stores and queries by; a present but malformed one (a NUL, spaces, …) makes the event invalid. */
function stripeId(value: unknown, field: string): string | null {
  const id = idOf(value);
  if (id !== null && !STRIPE_ID.test(id)) throw new InvalidEventValue(`${field}_invalid`);
  return id;
}

function status(value: unknown): string {
  if (typeof value !== "string" || !STATUS.test(value)) throw new InvalidEventValue("status_invalid");
  return value;
}

/** An e-mail Quanta stores: a NUL (PostgreSQL refuses it) or anything that is not an address makes the event invalid. */
function email(value: string | null): string | null {
  if (value === null) return null;
  if (value.includes("\0")) throw new InvalidEventValue("email_contains_nul");
  if (!EMAIL.safeParse(value).success) throw new InvalidEventValue("email_invalid");
  return value;
}

/**
 * POST /api/billing/webhook: verifies the signature on the raw body, turns the event into a
 * subscription change and applies it idempotently (subscription-order.ts decides which state is
 * newer). With STRIPE_SECRET_KEY the subscription is always re-read, so the state applied is
 * Stripe's current one whatever event triggered it and in whatever order deliveries arrive.
 *
 * A signed event holding a value Quanta cannot store (a NUL, an e-mail that is not an address, a
 * malformed id, a time outside 1970 to 9999) is answered 200 'invalid' (Stripe would otherwise
 * retry it for days), recorded so a replay is a no-op (unless its id or creation time is the
 * unusable value), and logged with the event id, type and reason, never the value.
 */
export class BillingWebhookService {
  constructor(
    private readonly deps: {
      gateway: StripeGateway;
      customers: StripeCustomersRepository;
      log: Logger;
    },
  ) {}

  async handle(rawBody: Buffer, signature: string | undefined): Promise<WebhookResult> {
    let event: VerifiedEvent;
    try {
      event = this.deps.gateway.verify(rawBody, signature);
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        throw new AppError(400, error.reason === "signature" ? "stripe_signature_invalid" : "stripe_payload_invalid", error.message);
      }
      throw error;
    }
    if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) {
      return { outcome: "ignored", type: event.type };
    }
    if (!STRIPE_ID.test(event.id)) {
      // Not even the id can be stored: acknowledged, nothing recorded.
      this.deps.log.warn({ eventId: null, type: event.type, reason: "event_id_invalid" }, "stripe webhook: invalid event; nothing recorded or applied");
      return { outcome: "invalid", type: event.type };
    }
    let created: Date;
    try {
      created = storableTime(new Date(event.created * 1000), "created");
    } catch (error) {
      if (!(error instanceof InvalidEventValue)) throw error;
      // Its creation time is what the event would be recorded under: acknowledged, nothing recorded.
      this.deps.log.warn({ eventId: event.id, type: event.type, reason: error.reason }, "stripe webhook: invalid event; nothing recorded or applied");
      return { outcome: "invalid", type: event.type };
    }
    const customers = this.deps.customers;
    const recorded = { id: event.id, type: event.type, created };
    let change: SubscriptionChange | null;
    try {
      change = await this.changeOf(event, created, customers);
    } catch (error) {
      if (!(error instanceof InvalidEventValue)) throw error;
      this.deps.log.warn({ eventId: event.id, type: event.type, reason: error.reason }, "stripe webhook: invalid value in a signed event; recorded, nothing applied");
      const outcome = await customers.applyEvent(recorded, null);
      return { outcome: outcome === "duplicate" ? outcome : "invalid", type: event.type };
    }
    if (!change) this.deps.log.warn({ eventId: event.id, type: event.type }, "stripe webhook: no account for this event; recorded, nothing changed");
    const outcome = await customers.applyEvent(recorded, change);
    this.deps.log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook handled");
    return { outcome, type: event.type };
  }

  private async changeOf(event: VerifiedEvent, created: Date, customers: StripeCustomersRepository): Promise<SubscriptionChange | null> {
    const object = event.object;
    switch (event.type) {
      case "checkout.session.completed": {
        const details = (object.customer_details ?? {}) as Record<string, unknown>;
        const address = email(text(details.email) ?? text(object.customer_email));
        const customerId = stripeId(object.customer, "customer");
        const subscriptionId = stripeId(object.subscription, "subscription");
        if (!address || !subscriptionId) return null;
        const state = await this.currentState(subscriptionId);
        // Without a secret key: a completed subscription checkout means the first payment went through.
        return state
          ? { email: address, status: state.status, customerId: state.customerId ?? customerId, subscriptionId, currentPeriodEnd: state.currentPeriodEnd, at: state.observedAt }
          : { email: address, status: "active", customerId, subscriptionId, currentPeriodEnd: null, at: created };
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const subscriptionId = stripeId(object.id, "subscription");
        if (!subscriptionId) return null;
        const state = await this.currentState(subscriptionId);
        const customerId = state?.customerId ?? stripeId(object.customer, "customer");
        const change = state
          ? { status: state.status, currentPeriodEnd: state.currentPeriodEnd, at: state.observedAt }
          : { status: event.type === "customer.subscription.deleted" ? "canceled" : status(object.status), currentPeriodEnd: storableTime(periodEndOf(object), "current_period_end"), at: created };
        // Rows already holding the subscription get the change; a subscription no row holds yet
        // (a new one) goes to the customer's account e-mail.
        const known = (await customers.findHolders(subscriptionId, customerId)).length > 0;
        const address = known ? null : await this.emailOf(customerId, customers);
        if (!known && !address) return null;
        return { email: address, customerId, subscriptionId, ...change };
      }
      case "invoice.payment_failed": {
        // Only a subscription's invoice changes a plan, and only on rows that already hold that
        // subscription: a failed first payment (incomplete) or a one-off invoice makes nobody premium.
        const parent = (object.parent ?? {}) as { subscription_details?: { subscription?: unknown } };
        const subscriptionId = stripeId(object.subscription, "subscription") ?? stripeId(parent.subscription_details?.subscription, "subscription");
        if (!subscriptionId) return null;
        const state = await this.currentState(subscriptionId);
        const customerId = state?.customerId ?? stripeId(object.customer, "customer");
        return state
          ? { email: null, status: state.status, customerId, subscriptionId, currentPeriodEnd: state.currentPeriodEnd, at: state.observedAt }
          : { email: null, status: "past_due", customerId, subscriptionId, currentPeriodEnd: null, at: created };
      }
      default:
        return null;
    }
  }

  /** With a secret key, the subscription as Stripe holds it now, its values checked like an event's. */
  private async currentState(subscriptionId: string) {
    const state = await this.deps.gateway.retrieveSubscription(subscriptionId);
    if (!state) return null;
    return {
      ...state,
      status: status(state.status),
      customerId: stripeId(state.customerId, "customer"),
      currentPeriodEnd: storableTime(state.currentPeriodEnd, "current_period_end"),
    };
  }

  /** A new subscription's e-mail: the customer's stored account, else (with a secret key) Stripe's customer. */
  private async emailOf(customerId: string | null, customers: StripeCustomersRepository): Promise<string | null> {
    if (!customerId) return null;
    const known = await customers.findByCustomerId(customerId);
    if (known) return known.email;
    return email(text(await this.deps.gateway.customerEmail(customerId)));
  }
}
