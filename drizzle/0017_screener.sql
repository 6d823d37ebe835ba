CREATE TABLE "saved_screens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_screens_user_name" UNIQUE("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "sector" text;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "industry" text;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "price" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "change_pct" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "volume_ratio" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "dollar_volume" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "setup" text;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "buy_point_distance" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "stop_risk" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "rs_rating" integer;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "tt_score" integer;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "below_high_pct" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "eps_growth" double precision;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "above_50" boolean;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "above_200" boolean;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "new_high" boolean;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "new_low" boolean;--> statement-breakpoint
ALTER TABLE "public_analyses" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_screens" ADD CONSTRAINT "saved_screens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_screens_user" ON "saved_screens" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "public_analyses_action_rs" ON "public_analyses" USING btree ("action","rs_rating" DESC NULLS LAST,"ticker");--> statement-breakpoint
CREATE INDEX "public_analyses_setup" ON "public_analyses" USING btree ("setup");--> statement-breakpoint
CREATE INDEX "public_analyses_group" ON "public_analyses" USING btree ("sector","industry");--> statement-breakpoint
CREATE INDEX "public_analyses_rs" ON "public_analyses" USING btree ("rs_rating" DESC NULLS LAST,"ticker");--> statement-breakpoint
CREATE INDEX "public_analyses_tt" ON "public_analyses" USING btree ("tt_score" DESC NULLS LAST,"ticker");--> statement-breakpoint
CREATE INDEX "public_analyses_buy_distance" ON "public_analyses" USING btree ("buy_point_distance","ticker");--> statement-breakpoint
CREATE INDEX "public_analyses_change" ON "public_analyses" USING btree ("change_pct","ticker");--> statement-breakpoint
CREATE INDEX "public_analyses_volume_ratio" ON "public_analyses" USING btree ("volume_ratio","ticker");--> statement-breakpoint
CREATE INDEX "public_analyses_dollar_volume" ON "public_analyses" USING btree ("dollar_volume","ticker");--> statement-breakpoint
CREATE INDEX "public_analyses_price" ON "public_analyses" USING btree ("price","ticker");--> statement-breakpoint
-- Backfill the screener's columns of stored rows from their reports (as screen-columns.ts does); the next screen rewrites them.
UPDATE "public_analyses" AS p SET
	"company" = nullif(r.meta #>> '{company,name}', ''),
	"sector" = nullif(r.meta #>> '{company,sector}', ''),
	"industry" = nullif(r.meta #>> '{company,industry}', ''),
	"price" = r.price,
	"change_pct" = CASE WHEN jsonb_typeof(r.meta #> '{session,change_pct}') = 'number' THEN (r.meta #>> '{session,change_pct}')::double precision END,
	"volume_ratio" = CASE WHEN jsonb_typeof(r.meta #> '{session,volume_ratio}') = 'number' THEN (r.meta #>> '{session,volume_ratio}')::double precision END,
	"dollar_volume" = CASE WHEN jsonb_typeof(r.meta #> '{session,dollar_volume_50}') = 'number' THEN (r.meta #>> '{session,dollar_volume_50}')::double precision END,
	"setup" = nullif(r.summary #>> '{technical_analysis,technical_setup}', ''),
	"buy_point_distance" = CASE WHEN r.price > 0 AND r.buy_point > 0 THEN round((r.price / r.buy_point - 1)::numeric, 3)::double precision END,
	"stop_risk" = CASE WHEN r.price > 0 AND r.stop > 0 AND r.stop < r.price THEN round((1 - r.stop / r.price)::numeric, 3)::double precision END,
	"rs_rating" = CASE WHEN jsonb_typeof(r.meta -> 'rs_rating') = 'number' THEN (r.meta ->> 'rs_rating')::numeric::integer END,
	"tt_score" = CASE WHEN jsonb_typeof(r.meta #> '{trend_template,score}') = 'number' THEN (r.meta #>> '{trend_template,score}')::numeric::integer END,
	"below_high_pct" = CASE WHEN jsonb_typeof(r.summary #> '{technical_analysis,distance_from_52_week_high}') = 'number' THEN greatest(0, -(r.summary #>> '{technical_analysis,distance_from_52_week_high}')::double precision) END,
	"eps_growth" = CASE WHEN jsonb_typeof(r.summary #> '{fundamental_analysis,quarterly_eps_growth,0}') = 'number' THEN (r.summary #>> '{fundamental_analysis,quarterly_eps_growth,0}')::double precision END,
	"above_50" = CASE WHEN jsonb_typeof(r.meta #> '{session,above_50}') = 'boolean' THEN (r.meta #>> '{session,above_50}')::boolean END,
	"above_200" = CASE WHEN jsonb_typeof(r.meta #> '{session,above_200}') = 'boolean' THEN (r.meta #>> '{session,above_200}')::boolean END,
	"new_high" = CASE WHEN jsonb_typeof(r.meta #> '{session,new_high}') = 'boolean' THEN (r.meta #>> '{session,new_high}')::boolean END,
	"new_low" = CASE WHEN jsonb_typeof(r.meta #> '{session,new_low}') = 'boolean' THEN (r.meta #>> '{session,new_low}')::boolean END,
	"demo" = coalesce(r.meta ->> 'demo' = 'true', false)
FROM (
	SELECT
		q.id,
		q.analysis -> 'meta' AS meta,
		q.analysis -> 'stock_summary' AS summary,
		CASE WHEN jsonb_typeof(q.analysis #> '{stock_summary,current_metrics,price}') = 'number' THEN (q.analysis #>> '{stock_summary,current_metrics,price}')::double precision END AS price,
		CASE WHEN jsonb_typeof(q.analysis #> '{stock_summary,trade_setup,buy_point}') = 'number' THEN (q.analysis #>> '{stock_summary,trade_setup,buy_point}')::double precision END AS buy_point,
		CASE WHEN jsonb_typeof(q.analysis #> '{stock_summary,trade_setup,stop_loss}') = 'number' THEN (q.analysis #>> '{stock_summary,trade_setup,stop_loss}')::double precision END AS stop
	FROM "public_analyses" AS q
) AS r
WHERE p.id = r.id;
