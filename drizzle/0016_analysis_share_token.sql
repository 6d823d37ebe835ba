ALTER TABLE "stock_analyses" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "stock_analyses" ADD CONSTRAINT "stock_analyses_share_token_unique" UNIQUE("share_token");