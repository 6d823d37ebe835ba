import { z } from "zod";

/** GET /api/me: who the Bearer token belongs to. */
export const meResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
});
