CREATE TABLE "rate_limit_windows" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "symbol_directory" (
	"provider" text NOT NULL,
	"ticker" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "symbol_directory_provider_ticker_pk" PRIMARY KEY("provider","ticker")
);
--> statement-breakpoint
CREATE TABLE "symbol_directory_loads" (
	"provider" text PRIMARY KEY NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"loaded_at" timestamp with time zone,
	"symbols" integer
);
--> statement-breakpoint
DROP TABLE "contact_rate_limits" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limit_windows_expires_at_idx" ON "rate_limit_windows" USING btree ("expires_at");