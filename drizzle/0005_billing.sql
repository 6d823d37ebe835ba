CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD COLUMN "state_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD COLUMN "source" text DEFAULT 'stripe' NOT NULL;--> statement-breakpoint
CREATE INDEX "stripe_customers_customer_id_idx" ON "stripe_customers" USING btree ("customer_id");