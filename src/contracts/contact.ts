import { z } from "zod";

/** Loose on purpose: the service answers missing or bad fields with the product's own messages (docs/product.md). */
const field = z.string().max(20_000).optional();

/** POST /api/contact. */
export const contactRequestSchema = z.object({ name: field, email: field, message: field.nullable() });
export type ContactRequest = z.infer<typeof contactRequestSchema>;
