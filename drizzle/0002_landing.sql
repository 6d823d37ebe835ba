CREATE TABLE "contact_data" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE INDEX "contact_data_timestamp_idx" ON "contact_data" USING btree ("timestamp");