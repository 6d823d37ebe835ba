CREATE TABLE "market_sessions" (
	"session" date PRIMARY KEY NOT NULL,
	"benchmark" text NOT NULL,
	"state" text,
	"since" date,
	"distribution_days" jsonb NOT NULL,
	"follow_through_day" date,
	"state_history" jsonb NOT NULL,
	"breadth" jsonb NOT NULL,
	"groups" jsonb NOT NULL,
	"benchmark_bars" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
