import { z } from "zod";

/**
 * Sharing an analysis: its owner makes (or reuses) a read-only link to it (POST
 * /api/analyses/:id/share) and stops it (DELETE); anyone with the link reads it (GET
 * /api/shared/:token), without an account and without anything of the owner but the report.
 */

/** The answer to sharing: the page's full address and its path on this site. */
export const shareResponseSchema = z.object({ url: z.string(), path: z.string() });
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/** A share token in a path: 22 base64url characters (128 random bits); longer ones are never made. */
export const shareTokenParamsSchema = z.object({ token: z.string().min(1).max(64) });

/** The shared analysis: the stored report, read leniently by the web as the history is, and when it was made. */
export const sharedAnalysisResponseSchema = z.object({ analysis: z.unknown(), timestamp: z.string() });
export type SharedAnalysisResponse = z.infer<typeof sharedAnalysisResponseSchema>;
