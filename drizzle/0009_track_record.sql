CREATE TABLE "analysis_outcomes" (
	"analysis_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ticker" text NOT NULL,
	"call" jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"status" text NOT NULL,
	"settled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"as_of" date NOT NULL,
	"ticker" text NOT NULL,
	"action" text NOT NULL,
	"setup" text NOT NULL,
	"base_type" text,
	"base_start" date,
	"buy_point" double precision,
	"buy_range_high" double precision,
	"stop" double precision,
	"target" double precision,
	"price" double precision NOT NULL,
	"rs_rating" double precision,
	"market_state" text,
	"engine_version" text NOT NULL,
	"simulated" boolean NOT NULL,
	"data_source" text NOT NULL,
	"benchmark_close" double precision,
	"entry_sessions" integer,
	"episode_id" text NOT NULL,
	"trade" boolean DEFAULT false NOT NULL,
	"run_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_calls_session_ticker" UNIQUE("as_of","ticker")
);
--> statement-breakpoint
CREATE TABLE "track_outcomes" (
	"call_id" text PRIMARY KEY NOT NULL,
	"progress" jsonb NOT NULL,
	"status" text NOT NULL,
	"settled" boolean NOT NULL,
	"last_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "track_record_figures" (
	"scope" text PRIMARY KEY NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_outcomes" ADD CONSTRAINT "analysis_outcomes_analysis_id_stock_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."stock_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_outcomes" ADD CONSTRAINT "track_outcomes_call_id_track_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."track_calls"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_outcomes_open" ON "analysis_outcomes" USING btree ("settled","ticker");--> statement-breakpoint
CREATE INDEX "track_calls_ticker_as_of" ON "track_calls" USING btree ("ticker","as_of");--> statement-breakpoint
CREATE INDEX "track_calls_episode" ON "track_calls" USING btree ("episode_id");--> statement-breakpoint
CREATE INDEX "track_calls_distinct_newest" ON "track_calls" USING btree ("simulated","as_of" DESC NULLS LAST,"ticker") WHERE "track_calls"."id" = "track_calls"."episode_id";--> statement-breakpoint
CREATE INDEX "track_calls_distinct_by_action" ON "track_calls" USING btree ("simulated","action","as_of" DESC NULLS LAST,"ticker") WHERE "track_calls"."id" = "track_calls"."episode_id";--> statement-breakpoint
CREATE INDEX "track_outcomes_settled" ON "track_outcomes" USING btree ("settled");--> statement-breakpoint
CREATE FUNCTION "track_calls_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'track_calls is append-only: a published call is never edited or deleted';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "track_calls_append_only" BEFORE UPDATE OR DELETE ON "track_calls" FOR EACH ROW EXECUTE FUNCTION "track_calls_append_only"();
