ALTER TABLE "analysis_outcomes" ALTER COLUMN "call" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_outcomes" ALTER COLUMN "progress" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_outcomes" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "stock_analyses_created_id_idx" ON "stock_analyses" USING btree ("created_at","id");--> statement-breakpoint
CREATE FUNCTION "track_calls_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'track_calls is append-only: a published call is never emptied (TRUNCATE refused)';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "track_calls_no_truncate" BEFORE TRUNCATE ON "track_calls" FOR EACH STATEMENT EXECUTE FUNCTION "track_calls_no_truncate"();
