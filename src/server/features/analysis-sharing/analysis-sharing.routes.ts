import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { shareResponseSchema, sharedAnalysisResponseSchema, shareTokenParamsSchema } from "../../../contracts/analysis-sharing";
import { apiErrorSchema as errorBody, idParamsSchema, successSchema } from "../../../contracts/api-error";
import { requireUser, signedInUser } from "../../plugins/require-user";
import type { AnalysisSharingService } from "./analysis-sharing.service";

/** Share an analysis, stop sharing it, read a shared one: thin routes over AnalysisSharingService. */
export async function analysisSharingRoutes(app: FastifyInstance, deps: { sharing: () => Promise<AnalysisSharingService> }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser({ verified: false });

  typed.post(
    "/api/analyses/:id/share",
    {
      preHandler: signedIn,
      schema: {
        tags: ["history"],
        summary: "Share one of the caller's analyses as a read-only page (the same link when it is already shared)",
        params: idParamsSchema,
        response: { 200: shareResponseSchema, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => (await deps.sharing()).share(signedInUser(request), request.params.id),
  );

  typed.delete(
    "/api/analyses/:id/share",
    {
      preHandler: signedIn,
      schema: {
        tags: ["history"],
        summary: "Stop sharing one of the caller's analyses: its link then answers 404 share_not_found",
        params: idParamsSchema,
        response: { 200: successSchema, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      await (await deps.sharing()).stop(signedInUser(request), request.params.id);
      return { success: true as const };
    },
  );

  typed.get(
    "/api/shared/:token",
    {
      schema: {
        tags: ["history"],
        summary: "A shared analysis, for anyone with its link: the report and its date, nothing of its owner",
        params: shareTokenParamsSchema,
        response: { 200: sharedAnalysisResponseSchema, 404: errorBody },
      },
    },
    async (request, reply) => {
      // The page is for the people given the link, not for search engines.
      void reply.header("x-robots-tag", "noindex");
      return (await deps.sharing()).read(request.params.token);
    },
  );
}
