import { z } from "zod";

/** GET/HEAD /api/logos/:ticker: an image (SVG monogram or the provider's), or a 404 in the API's error shape. */
export const logoParamsSchema = z.object({ ticker: z.string().min(1).max(16) });
