import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema as errorBody } from "../../../contracts/api-error";
import { csvImportErrorSchema, csvImportRequestSchema } from "../../../contracts/csv-import";
import {
  createPositionSchema,
  portfolioHistorySchema,
  portfolioSchema,
  positionIdParamsSchema,
  positionSchema,
  positionsImportResponseSchema,
  positionsSchema,
  updatePositionSchema,
} from "../../../contracts/portfolio";
import { requireUser, verifiedUser } from "../../plugins/require-user";
import type { PortfolioService } from "./portfolio.service";
import { csvUploadErrorHandler, invalidRowsReply, sendCsv, uploadedFile } from "../../csv-files";

type PortfolioDeps = { portfolio: () => Promise<PortfolioService> };

/** A verified user's positions, their import and export, and the valued portfolio (decision 062). */
export async function portfolioRoutes(app: FastifyInstance, deps: PortfolioDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const verified = requireUser({ verified: true });
  const tags = ["portfolio"];

  typed.get(
    "/api/positions",
    { preHandler: verified, schema: { tags, summary: "Your positions (open and closed) with lots and trades, and your plan's open-position limit", response: { 200: positionsSchema } } },
    async (request) => (await deps.portfolio()).list(verifiedUser(request)),
  );

  typed.post(
    "/api/positions",
    {
      preHandler: verified,
      schema: {
        tags,
        summary: "Record a buy: opens a position (free plan up to 20 open), or adds to the open position of the ticker",
        description: "403 `position_limit_reached` when the plan's open positions are all used; 404 `unknown_ticker`.",
        body: createPositionSchema,
        response: { 201: positionSchema, 400: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await (await deps.portfolio()).create(verifiedUser(request), request.body)),
  );

  typed.get(
    "/api/positions/:id",
    { preHandler: verified, schema: { tags, summary: "One of your positions, with lots and trades", params: positionIdParamsSchema, response: { 200: positionSchema, 404: errorBody } } },
    async (request) => (await deps.portfolio()).get(verifiedUser(request), request.params.id),
  );

  typed.patch(
    "/api/positions/:id",
    {
      preHandler: verified,
      schema: {
        tags,
        summary: "Move the stop, set the time exit or price levels (null clears), or add a buy or sell",
        description: "400 `position_oversold` for a sell beyond the shares held; 404 `position_not_found`.",
        params: positionIdParamsSchema,
        body: updatePositionSchema,
        response: { 200: positionSchema, 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => (await deps.portfolio()).update(verifiedUser(request), request.params.id, request.body),
  );

  typed.delete(
    "/api/positions/:id",
    { preHandler: verified, schema: { tags, summary: "Delete a position and its trades", params: positionIdParamsSchema, response: { 204: z.null(), 404: errorBody } } },
    async (request, reply) => {
      await (await deps.portfolio()).remove(verifiedUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  await transactionFileRoutes(app, deps);

  typed.get(
    "/api/portfolio",
    { preHandler: verified, schema: { tags, summary: "Open positions valued at the last close, with totals (null where a close or stop is missing)", response: { 200: portfolioSchema } } },
    async (request) => (await deps.portfolio()).portfolio(verifiedUser(request)),
  );

  typed.get(
    "/api/portfolio/history",
    {
      preHandler: verified,
      schema: { tags, summary: "Your holdings' value on each session since your first trade, and the same dollars in the benchmark", response: { 200: portfolioHistorySchema } },
    },
    async (request) => (await deps.portfolio()).history(verifiedUser(request)),
  );
}

/** The transactions CSV: import (multipart, all or nothing) and export (the same format). */
async function transactionFileRoutes(app: FastifyInstance, deps: PortfolioDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const verified = requireUser({ verified: true });
  const tags = ["portfolio"];

  typed.post(
    "/api/positions/import",
    {
      errorHandler: csvUploadErrorHandler,
      preHandler: verified,
      schema: {
        tags,
        summary: "Import a transactions CSV (multipart field `file`: date,ticker,side,quantity,price[,fees,stop,initial_stop]); all or nothing",
        consumes: ["multipart/form-data"],
        body: csvImportRequestSchema,
        response: { 200: positionsImportResponseSchema, 400: csvImportErrorSchema, 403: errorBody, 413: errorBody },
      },
    },
    async (request, reply) => {
      const file = uploadedFile(request);
      const outcome = await (await deps.portfolio()).importCsv(verifiedUser(request), file);
      if (!outcome.ok) return invalidRowsReply(reply, outcome.errors);
      return { success: true as const, imported: outcome.imported, opened: outcome.opened };
    },
  );

  // Untyped: the answer is CSV text, not JSON, so no response schema serialises it.
  app.get(
    "/api/positions/export",
    { preHandler: verified, schema: { tags, summary: "Download your trades as a transactions CSV (the import's format)" } },
    async (request, reply) => {
      const { filename, csv } = await (await deps.portfolio()).exportCsv(verifiedUser(request));
      return sendCsv(reply, filename, csv);
    },
  );
}
