import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody, idParamsSchema, successSchema } from "../../../contracts/api-error";
import { analyzeRequestSchema, analyzeResponseSchema, historyQuerySchema, historyResponseSchema, usageSchema } from "../../../contracts/research";
import { paths } from "../../../contracts/paths";
import { requireUser, signedInUser, verifiedUser } from "../../plugins/require-user";
import type { ResearchService } from "./research.service";


/** Analyze, history and usage: thin routes over ResearchService. */
export async function researchRoutes(app: FastifyInstance, deps: { research: () => Promise<ResearchService> }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser({ verified: false });

  typed.post(
    "/research/stocks/",
    {
      preHandler: requireUser({ verified: true }),
      schema: {
        tags: ["research"],
        summary: "Analyse a ticker or company name (multipart field `input`)",
        description:
          "The same ticker on the same market data date answers the caller's stored analysis with `reused` set, without charging the daily limit or adding to the history; `refresh=true` (the page's Refresh) follows the same rule.",
        consumes: ["multipart/form-data", "application/json"],
        body: analyzeRequestSchema,
        response: {
          200: analyzeResponseSchema,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          422: errorBody,
          429: errorBody,
          503: errorBody,
        },
      },
    },
    async (request) => {
      const { report, id, timestamp, reused } = await (await deps.research()).analyzeFor(verifiedUser(request), request.body?.input);
      return { response: report, analysis: { id, timestamp }, ...(reused ? { reused } : {}) };
    },
  );

  typed.get(
    "/user/stock-analyses/",
    {
      preHandler: signedIn,
      schema: {
        tags: ["history"],
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    async (request) => {
      const rows = await (await deps.research()).history(signedInUser(request), request.query.ticker);
      return {
        success: true as const,
        analyses: rows.map((row) => ({
          id: row.id,
          analysis: row.analysis,
          timestamp: row.createdAt.toISOString(),
          outcome: row.outcome,
          sharePath: row.shareToken === null ? null : paths.shared(row.shareToken),
        })),
      };
    },
  );

  typed.delete(
    "/user/stock-analyses/:id",
    { preHandler: signedIn, schema: { tags: ["history"], params: idParamsSchema, response: { 200: successSchema, 404: errorBody } } },
    async (request) => {
      await (await deps.research()).remove(signedInUser(request), request.params.id);
      return { success: true as const };
    },
  );

  typed.post(
    "/user/stock-analyses/:id/restore",
    { preHandler: signedIn, schema: { tags: ["history"], params: idParamsSchema, response: { 200: successSchema, 404: errorBody } } },
    async (request) => {
      await (await deps.research()).restore(signedInUser(request), request.params.id);
      return { success: true as const };
    },
  );

  typed.get(
    "/api/usage",
    {
      preHandler: signedIn,
      schema: {
        tags: ["research"],
        response: { 200: usageSchema },
      },
    },
    async (request) => (await deps.research()).usageFor(signedInUser(request)),
  );
}
