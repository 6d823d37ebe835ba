import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import {
  createScreenRequestSchema,
  savedScreenSchema,
  savedScreensResponseSchema,
  screenerQuerySchema,
  screenerResponseSchema,
  screenIdParamsSchema,
} from "../../../contracts/screener";
import { requireUser, verifiedUser } from "../../plugins/require-user";
import type { ScreenerService } from "./screener.service";

type ScreenerDeps = { screener: () => Promise<ScreenerService> };

/** The screener's pages (any signed-in user) and a verified user's saved screens (decision 059). */
export async function screenerRoutes(app: FastifyInstance, deps: ScreenerDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const verified = requireUser({ verified: true });

  typed.get(
    "/api/screener",
    {
      preHandler: requireUser({ verified: false }),
      schema: {
        tags: ["screener"],
        summary: "Every stock of the latest daily screen, filtered, sorted and paged (sort: a column, '-' for descending; nulls last)",
        querystring: screenerQuerySchema,
        response: { 200: screenerResponseSchema, 400: errorBody },
      },
    },
    // Gated, so the user gate makes it no-store like every signed-in answer.
    async (request) => (await deps.screener()).screen(request.query),
  );

  typed.get(
    "/api/screens",
    { preHandler: verified, schema: { tags: ["screener"], summary: "Your saved screens, with your plan's limit", response: { 200: savedScreensResponseSchema } } },
    async (request) => (await deps.screener()).list(verifiedUser(request)),
  );

  typed.post(
    "/api/screens",
    {
      preHandler: verified,
      schema: {
        tags: ["screener"],
        summary: "Save a screen (free plan up to 3, premium up to 20)",
        description: "403 `screen_limit_reached` when the plan's screens are all used; 409 `screen_name_taken` for a name already saved.",
        body: createScreenRequestSchema,
        response: { 201: savedScreenSchema, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await (await deps.screener()).save(verifiedUser(request), request.body)),
  );

  typed.delete(
    "/api/screens/:id",
    { preHandler: verified, schema: { tags: ["screener"], summary: "Delete a saved screen", params: screenIdParamsSchema, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      await (await deps.screener()).remove(verifiedUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
