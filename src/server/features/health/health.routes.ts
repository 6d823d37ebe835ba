import type { FastifyInstance } from "fastify";
import { healthResponseSchema, notReadyResponseSchema, readyResponseSchema } from "../../../contracts/health";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/**
 * /healthz: the process answers (at once, even while the database opens): 'starting' until the
 * database is open, then 'ok'. A process that is alive but starting is not restarted by a supervisor.
 * /readyz: the database answers a query, so traffic can be sent here.
 */
export async function healthRoutes(app: FastifyInstance, health: { opened: () => boolean; ping: () => Promise<boolean> }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    "/healthz",
    { schema: { tags: ["ops"], response: { 200: healthResponseSchema } } },
    async () => ({ status: health.opened() ? ("ok" as const) : ("starting" as const) }),
  );
  typed.get(
    "/readyz",
    {
      schema: {
        tags: ["ops"],
        response: {
          200: readyResponseSchema,
          503: notReadyResponseSchema,
        },
      },
    },
    async (_request, reply) => {
      if (await health.ping()) return { status: "ready" as const };
      return reply
        .status(503)
        .send({ status: "starting" as const, error: "The database is not ready yet.", code: "not_ready" });
    },
  );
}
