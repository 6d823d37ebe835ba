import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { analysisReportSchema } from "../../../contracts/stock-summary";
import type { AuthenticatedUser } from "../../plugins/authenticate";
import type { ResearchService } from "./research.service";

const errorBody = z.object({ error: z.string(), code: z.string() });
const historyItem = z.object({ id: z.string(), analysis: z.unknown(), timestamp: z.string() });

/** Analyze, history and usage: thin routes over ResearchService. */
export function registerResearchRoutes(
  app: FastifyInstance,
  deps: { authenticate: (request: FastifyRequest) => Promise<AuthenticatedUser>; research: () => Promise<ResearchService> },
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearer: [] }];

  typed.post(
    "/research/stocks/",
    {
      schema: {
        tags: ["research"],
        summary: "Analyse a ticker or company name (multipart field `input`)",
        security,
        consumes: ["multipart/form-data", "application/json"],
        body: z.object({ input: z.string().optional() }).passthrough().optional(),
        response: {
          200: z.object({ response: analysisReportSchema, analysis: z.object({ id: z.string(), timestamp: z.string() }) }),
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
      const user = await deps.authenticate(request);
      const { report, id, timestamp } = await (await deps.research()).analyzeFor(user, request.body?.input);
      return { response: report, analysis: { id, timestamp } };
    },
  );

  typed.get(
    "/user/stock-analyses/",
    {
      schema: {
        tags: ["history"],
        security,
        querystring: z.object({ ticker: z.string().max(64).optional() }),
        response: { 200: z.object({ success: z.literal(true), analyses: z.array(historyItem) }), 401: errorBody },
      },
    },
    async (request) => {
      const user = await deps.authenticate(request);
      const rows = await (await deps.research()).history(user, request.query.ticker);
      return {
        success: true as const,
        analyses: rows.map((row) => ({ id: row.id, analysis: row.analysis, timestamp: row.createdAt.toISOString() })),
      };
    },
  );

  const idParams = z.object({ id: z.string().min(1).max(64) });
  typed.delete(
    "/user/stock-analyses/:id",
    { schema: { tags: ["history"], security, params: idParams, response: { 200: z.object({ success: z.literal(true) }), 404: errorBody } } },
    async (request) => {
      const user = await deps.authenticate(request);
      await (await deps.research()).remove(user, request.params.id);
      return { success: true as const };
    },
  );

  typed.post(
    "/user/stock-analyses/:id/restore",
    { schema: { tags: ["history"], security, params: idParams, response: { 200: z.object({ success: z.literal(true) }), 404: errorBody } } },
    async (request) => {
      const user = await deps.authenticate(request);
      await (await deps.research()).restore(user, request.params.id);
      return { success: true as const };
    },
  );

  typed.get(
    "/api/usage",
    {
      schema: {
        tags: ["research"],
        security,
        response: {
          200: z.object({ used: z.number(), limit: z.number().nullable(), remaining: z.number().nullable(), premium: z.boolean(), resetsAt: z.string() }),
          401: errorBody,
        },
      },
    },
    async (request) => (await deps.research()).usageFor(await deps.authenticate(request)),
  );
}
