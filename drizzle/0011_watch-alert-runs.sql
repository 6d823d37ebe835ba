CREATE TABLE "watch_alert_runs" (
	"run_key" text PRIMARY KEY NOT NULL,
	"tickers" jsonb NOT NULL,
	"slice_size" integer NOT NULL,
	"raised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_alert_slices" (
	"run_key" text NOT NULL,
	"slice" integer NOT NULL,
	"failed" jsonb NOT NULL,
	"error" text,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "watch_alert_slices_run_key_slice_pk" PRIMARY KEY("run_key","slice")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD COLUMN "unsubscribe_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_alert_slices" ADD CONSTRAINT "watch_alert_slices_run_key_watch_alert_runs_run_key_fk" FOREIGN KEY ("run_key") REFERENCES "public"."watch_alert_runs"("run_key") ON DELETE cascade ON UPDATE no action;