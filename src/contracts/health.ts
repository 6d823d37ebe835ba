import { z } from "zod";

/** GET /healthz: the process answers; 'starting' until the database is open. */
export const healthResponseSchema = z.object({ status: z.enum(["starting", "ok"]) });

/** GET /readyz: 200 once the database answers, else 503 with the API's error shape. */
export const readyResponseSchema = z.object({ status: z.literal("ready") });
export const notReadyResponseSchema = z.object({ status: z.literal("starting"), error: z.string(), code: z.string() });
