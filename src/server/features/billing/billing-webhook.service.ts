import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../app-error";
import { idOf, periodEndOf, WebhookVerificationError, type StripeGateway, type VerifiedEvent } from "../../adapters/billing/stripe-gateway";
import type { ApplyOutcome, StripeCustomersRepository, SubscriptionChange } from "./stripe-customers.repository";

/** The events that change a customer's plan; any other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
] as const;

export type WebhookResult = { outcome: ApplyOutcome | "ignored"; type: string };

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/**
 * POST /api/billing/webhook: verifies the signature on the raw body, turns the event into a
 * subscription change (re-reading the subscription from Stripe when the event lacks its state and a
 * secret key is configured) and applies it idempotently, never over newer state.
 */
export class BillingWebhookService {
  constructor(
    private readonly deps: {
      gateway: StripeGateway;
      customers: () => Promise<StripeCustomersRepository>;
      log: FastifyBaseLogger;
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
    const customers = await this.deps.customers();
    if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) {
      return { outcome: "ignored", type: event.type };
    }
    const change = await this.changeOf(event, customers);
    if (!change) this.deps.log.warn({ eventId: event.id, type: event.type }, "stripe webhook: no e-mail for this customer; event recorded, nothing changed");
    const outcome = await customers.applyEvent({ id: event.id, type: event.type, created: new Date(event.created * 1000) }, change);
    this.deps.log.info({ eventId: event.id, type: event.type, outcome }, "stripe webhook handled");
    return { outcome, type: event.type };
  }

  private async changeOf(event: VerifiedEvent, customers: StripeCustomersRepository): Promise<SubscriptionChange | null> {
    const object = event.object;
    const at = new Date(event.created * 1000);
    const customerId = idOf(object.customer);
    switch (event.type) {
      case "checkout.session.completed": {
        const details = (object.customer_details ?? {}) as Record<string, unknown>;
        const email = text(details.email) ?? text(object.customer_email);
        const subscriptionId = idOf(object.subscription);
        if (!email || !subscriptionId) return null;
        const state = await this.deps.gateway.retrieveSubscription(subscriptionId);
        // Without a secret key: a completed subscription checkout means the first payment went through.
        return { email, status: state?.status ?? "active", customerId, subscriptionId, currentPeriodEnd: state?.currentPeriodEnd ?? null, at };
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const subscriptionId = idOf(object.id);
        const email = await this.emailOf(customerId, customers);
        if (!email || !subscriptionId) return null;
        const status = event.type === "customer.subscription.deleted" ? "canceled" : (text(object.status) ?? "incomplete");
        return { email, status, customerId, subscriptionId, currentPeriodEnd: periodEndOf(object), at };
      }
      case "invoice.payment_failed": {
        const parent = (object.parent ?? {}) as { subscription_details?: { subscription?: unknown } };
        const subscriptionId = idOf(object.subscription) ?? idOf(parent.subscription_details?.subscription);
        const email = text(object.customer_email) ?? (await this.emailOf(customerId, customers));
        if (!email) return null;
        const state = subscriptionId ? await this.deps.gateway.retrieveSubscription(subscriptionId) : null;
        return { email, status: state?.status ?? "past_due", customerId, subscriptionId, currentPeriodEnd: state?.currentPeriodEnd ?? null, at };
      }
      default:
        return null;
    }
  }

  /** Subscription events carry the customer, not the e-mail: the stored row, else Stripe's API. */
  private async emailOf(customerId: string | null, customers: StripeCustomersRepository): Promise<string | null> {
    if (!customerId) return null;
    const known = await customers.findByCustomerId(customerId);
    if (known) return known.email;
    return this.deps.gateway.customerEmail(customerId);
  }
}
