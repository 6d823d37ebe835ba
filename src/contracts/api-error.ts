import { z } from "zod";

/** Every 4xx/5xx body the server sends: a sentence for people and a stable code for programs. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const csrfResponseSchema = z.object({ csrfToken: z.string() });
