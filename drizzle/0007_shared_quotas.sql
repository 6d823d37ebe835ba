CREATE TABLE "contact_rate_limits" (
	"address" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "llm_shared_usage" (
	"budget_key" text NOT NULL,
	"day" date NOT NULL,
	"tokens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "llm_shared_usage_budget_key_day_pk" PRIMARY KEY("budget_key","day")
);
--> statement-breakpoint
CREATE INDEX "contact_rate_limits_window_start_idx" ON "contact_rate_limits" USING btree ("window_start");