import { z } from "zod";

/** Every 4xx/5xx body the server sends: a sentence for people and a stable code for programs. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const csrfResponseSchema = z.object({ csrfToken: z.string() });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

/** `{success: true}`: what a call that changes something and returns nothing else answers. */
export const successSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successSchema>;

/** A stored record's id in a path (an analysis, a conversation). */
export const idParamsSchema = z.object({ id: z.string().min(1).max(64) });
