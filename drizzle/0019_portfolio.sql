CREATE TABLE "position_trades" (
	"id" text PRIMARY KEY NOT NULL,
	"position_id" text NOT NULL,
	"user_id" text NOT NULL,
	"trade_date" date NOT NULL,
	"side" text NOT NULL,
	"shares" numeric(20, 6) NOT NULL,
	"price" numeric(20, 4) NOT NULL,
	"fees" numeric(20, 4) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "position_trades_side" CHECK ("position_trades"."side" in ('buy', 'sell')),
	CONSTRAINT "position_trades_shares_positive" CHECK ("position_trades"."shares" > 0),
	CONSTRAINT "position_trades_price_positive" CHECK ("position_trades"."price" > 0),
	CONSTRAINT "position_trades_fees_nonnegative" CHECK ("position_trades"."fees" >= 0)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ticker" text NOT NULL,
	"opened_on" date NOT NULL,
	"closed_on" date,
	"stop" numeric(20, 4),
	"stop_set_at" timestamp with time zone,
	"initial_stop" numeric(20, 4),
	"time_exit" date,
	"price_above" numeric(20, 4),
	"price_above_set_at" timestamp with time zone,
	"price_above_fired_on" date,
	"price_below" numeric(20, 4),
	"price_below_set_at" timestamp with time zone,
	"price_below_fired_on" date,
	"source" text NOT NULL,
	"plan" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_source" CHECK ("positions"."source" in ('report', 'manual', 'import')),
	CONSTRAINT "positions_stop_positive" CHECK ("positions"."stop" is null or "positions"."stop" > 0)
);
--> statement-breakpoint
ALTER TABLE "position_trades" ADD CONSTRAINT "position_trades_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_trades" ADD CONSTRAINT "position_trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_trades_position" ON "position_trades" USING btree ("position_id","trade_date");--> statement-breakpoint
CREATE INDEX "position_trades_user" ON "position_trades" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "positions_user" ON "positions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "positions_open_ticker" ON "positions" USING btree ("ticker") WHERE "positions"."closed_on" is null;--> statement-breakpoint
CREATE INDEX "positions_open_user" ON "positions" USING btree ("user_id") WHERE "positions"."closed_on" is null;