CREATE TABLE "provider_blocks" (
	"provider" text PRIMARY KEY NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"provider" text NOT NULL,
	"window" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "provider_calls_provider_window_pk" PRIMARY KEY("provider","window")
);
--> statement-breakpoint
CREATE TABLE "refresh_chunks" (
	"run_key" text NOT NULL,
	"phase" text NOT NULL,
	"chunk" integer NOT NULL,
	"tickers" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"holder" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"scores" jsonb,
	"analysed" integer,
	"failed" jsonb,
	"error" text,
	CONSTRAINT "refresh_chunks_run_key_phase_chunk_pk" PRIMARY KEY("run_key","phase","chunk")
);
--> statement-breakpoint
CREATE TABLE "refresh_runs" (
	"run_key" text PRIMARY KEY NOT NULL,
	"tickers" integer NOT NULL,
	"chunks" integer NOT NULL,
	"phase" text DEFAULT 'score' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
