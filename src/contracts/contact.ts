import { z } from "zod";

/** Loose on purpose: the service answers missing or bad fields with the spec's own messages (SPEC.md §5). */
const field = z.string().max(20_000).optional();

/** POST /api/contact. */
export const contactRequestSchema = z.object({ name: field, email: field, message: field.nullable() });
export type ContactRequest = z.infer<typeof contactRequestSchema>;
