CREATE TABLE "alert_digests" (
	"user_id" text NOT NULL,
	"session" date NOT NULL,
	"alerts" integer NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_digests_user_id_session_pk" PRIMARY KEY("user_id","session")
);
--> statement-breakpoint
CREATE TABLE "alert_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"rule_buy" boolean DEFAULT true NOT NULL,
	"rule_sell" boolean DEFAULT true NOT NULL,
	"rule_extended" boolean DEFAULT true NOT NULL,
	"rule_new_base" boolean DEFAULT true NOT NULL,
	"rule_price" boolean DEFAULT true NOT NULL,
	"read_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_events" (
	"id" text PRIMARY KEY NOT NULL,
	"ticker" text NOT NULL,
	"rule" text NOT NULL,
	"event_key" text NOT NULL,
	"session" date NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_events_once" UNIQUE("ticker","rule","event_key")
);
--> statement-breakpoint
CREATE TABLE "user_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"ticker" text NOT NULL,
	"rule" text NOT NULL,
	"event_key" text NOT NULL,
	"session" date NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_alerts_once" UNIQUE("user_id","ticker","rule","event_key")
);
--> statement-breakpoint
CREATE TABLE "watch_items" (
	"user_id" text NOT NULL,
	"ticker" text NOT NULL,
	"rule_buy" boolean DEFAULT true NOT NULL,
	"rule_sell" boolean DEFAULT true NOT NULL,
	"rule_extended" boolean DEFAULT true NOT NULL,
	"rule_new_base" boolean DEFAULT true NOT NULL,
	"price_above" double precision,
	"price_above_set_at" timestamp with time zone,
	"price_above_fired_on" date,
	"price_below" double precision,
	"price_below_set_at" timestamp with time zone,
	"price_below_fired_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_items_user_id_ticker_pk" PRIMARY KEY("user_id","ticker")
);
--> statement-breakpoint
CREATE TABLE "watch_snapshots" (
	"ticker" text NOT NULL,
	"session" date NOT NULL,
	"close" double precision NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watch_snapshots_ticker_session_pk" PRIMARY KEY("ticker","session")
);
--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_alerts" ADD CONSTRAINT "user_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_items" ADD CONSTRAINT "watch_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_events_session" ON "stock_events" USING btree ("session");--> statement-breakpoint
CREATE INDEX "user_alerts_user_newest" ON "user_alerts" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_alerts_session_user" ON "user_alerts" USING btree ("session","user_id");--> statement-breakpoint
CREATE INDEX "watch_items_ticker" ON "watch_items" USING btree ("ticker");