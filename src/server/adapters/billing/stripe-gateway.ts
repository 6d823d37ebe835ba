import Stripe from "stripe";

/** A subscription as Quanta keeps it, read from a webhook event or from Stripe's API. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  /** When this state was read from Stripe's API: a later read is a newer state. */
  observedAt: Date;
}

export class WebhookVerificationError extends Error {
  constructor(readonly reason: "signature" | "payload", message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** A verified webhook event: only the fields Quanta reads. */
export interface VerifiedEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, when Stripe created the event. */
  created: number;
  object: Record<string, unknown>;
}

export interface StripeGatewayOptions {
  webhookSecret: string | undefined;
  /** Without it nothing is read from Stripe's API (events must carry their state). */
  secretKey: string | undefined;
  /** Override of https://api.stripe.com (tests point the real SDK at a local server). */
  apiBaseUrl?: string | undefined;
}

/** Reads `current_period_end` where the event's API version puts it: the items (2025+) or the subscription. */
export function periodEndOf(subscription: Record<string, unknown>): Date | null {
  const items = (subscription.items as { data?: { current_period_end?: unknown }[] } | undefined)?.data ?? [];
  const ends = items.map((item) => item.current_period_end).filter((value): value is number => typeof value === "number");
  const top = subscription.current_period_end;
  const seconds = ends.length > 0 ? Math.max(...ends) : typeof top === "number" ? top : null;
  return seconds === null ? null : new Date(seconds * 1000);
}

export function idOf(value: unknown): string | null {
  if (typeof value === "string" && value !== "") return value;
  if (value && typeof value === "object" && typeof (value as { id?: unknown }).id === "string") return (value as { id: string }).id;
  return null;
}

/**
 * Stripe through its official SDK: webhook signatures (constructEvent over the raw body), and with
 * STRIPE_SECRET_KEY, subscriptions and customers re-read from the API and customer-portal sessions.
 */
export class StripeGateway {
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    const base = options.apiBaseUrl ? new URL(options.apiBaseUrl) : null;
    // The SDK needs a key even to verify signatures; without one no API call is ever made.
    this.stripe = new Stripe(options.secretKey ?? "sk_not_configured", {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(base && { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol.replace(":", "") as "http" | "https" }),
    });
  }

  get canReadApi(): boolean {
    return Boolean(this.options.secretKey);
  }

  get canVerify(): boolean {
    return Boolean(this.options.webhookSecret);
  }

  /** The event, if the signature matches the raw body; WebhookVerificationError otherwise. */
  verify(rawBody: Buffer, signature: string | undefined): VerifiedEvent {
    if (!this.options.webhookSecret) throw new WebhookVerificationError("signature", "Webhooks are not configured on this server.");
    if (!signature) throw new WebhookVerificationError("signature", "Missing Stripe-Signature header.");
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookVerificationError("signature", "Invalid Stripe signature.");
      throw new WebhookVerificationError("payload", "The webhook body is not valid JSON.");
    }
    // A correctly signed body may still be any JSON value (null, a number): not an event.
    if (typeof event !== "object" || event === null) throw new WebhookVerificationError("payload", "The webhook body is not a Stripe event.");
    const object = (event.data as { object?: unknown } | undefined)?.object;
    if (typeof event.id !== "string" || typeof event.type !== "string" || typeof event.created !== "number" || !object || typeof object !== "object") {
      throw new WebhookVerificationError("payload", "The webhook body is not a Stripe event.");
    }
    return { id: event.id, type: event.type, created: event.created, object: object as Record<string, unknown> };
  }

  /** The subscription as Stripe holds it now (null without a secret key); API errors are thrown. */
  async retrieveSubscription(id: string): Promise<SubscriptionState | null> {
    if (!this.canReadApi) return null;
    const subscription = (await this.stripe.subscriptions.retrieve(id)) as unknown as Record<string, unknown>;
    // Stamped after the answer arrived: whatever it says was true at Stripe by then.
    const observedAt = new Date();
    return {
      subscriptionId: id,
      customerId: idOf(subscription.customer),
      status: typeof subscription.status === "string" ? subscription.status : "",
      currentPeriodEnd: periodEndOf(subscription),
      observedAt,
    };
  }

  async customerEmail(customerId: string): Promise<string | null> {
    if (!this.canReadApi) return null;
    const customer = (await this.stripe.customers.retrieve(customerId)) as unknown as { email?: unknown; deleted?: boolean };
    return typeof customer.email === "string" && customer.email !== "" ? customer.email : null;
  }

  /** A customer-portal session's URL, for the 'Manage subscription' entry. */
  async portalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return session.url;
  }

  /** Test helper of the SDK: a Stripe-Signature header for `payload` (used by tests and the e2e). */
  static testSignature(payload: string, secret: string, timestamp?: number): string {
    return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp !== undefined && { timestamp }) });
  }
}
