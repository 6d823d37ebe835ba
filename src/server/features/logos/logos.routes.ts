import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { logoParamsSchema } from "../../../contracts/logos";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import type { LogosService } from "./logos.service";


/** GET and HEAD /api/logos/:ticker (Fastify answers HEAD from the GET route, without the body). */
export async function logoRoutes(app: FastifyInstance, options: { logos: () => Promise<LogosService> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/logos/:ticker",
    {
      schema: {
        tags: ["landing"],
        summary: "A company logo: the provider's image (with FMP_API_KEY) or an SVG monogram",
        description: "`image/svg+xml` monogram or the provider's image, cached a day; 404 `{error: 'Logo not found', code: 'not_found'}`.",
        params: logoParamsSchema,
        response: { 404: errorBody },
      },
    },
    async (request, reply) => {
      const logo = await (await options.logos()).logoFor(request.params.ticker);
      return reply
        .type(logo.contentType)
        .header("cache-control", "public, max-age=86400")
        .header("x-logo-source", logo.source)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        // Raw bytes (no 200 schema: an image is not serialised).
        .send(logo.body as unknown as { error: string; code: string });
    },
  );
}
