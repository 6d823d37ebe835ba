ALTER TABLE "refresh_chunks" RENAME COLUMN "run_key" TO "run_id";--> statement-breakpoint
ALTER TABLE "refresh_runs" RENAME COLUMN "run_key" TO "run_id";--> statement-breakpoint
ALTER TABLE "refresh_chunks" DROP CONSTRAINT "refresh_chunks_run_key_phase_chunk_pk";--> statement-breakpoint
ALTER TABLE "refresh_chunks" ADD CONSTRAINT "refresh_chunks_run_id_phase_chunk_pk" PRIMARY KEY("run_id","phase","chunk");