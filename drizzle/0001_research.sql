CREATE TABLE "daily_usage" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"run_key" text NOT NULL,
	"holder" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "job_runs_name_run_key_pk" PRIMARY KEY("name","run_key")
);
--> statement-breakpoint
CREATE TABLE "public_analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"ticker" text NOT NULL,
	"action" text NOT NULL,
	"analysis" jsonb NOT NULL,
	"as_of" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_analyses_ticker_unique" UNIQUE("ticker")
);
--> statement-breakpoint
CREATE TABLE "stock_analyses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ticker" text NOT NULL,
	"action" text NOT NULL,
	"analysis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"email" text PRIMARY KEY NOT NULL,
	"customer_id" text,
	"subscription_id" text,
	"status" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_usage" ADD CONSTRAINT "daily_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_analyses" ADD CONSTRAINT "stock_analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_analyses_user_created_idx" ON "stock_analyses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_analyses_user_ticker_idx" ON "stock_analyses" USING btree ("user_id","ticker");