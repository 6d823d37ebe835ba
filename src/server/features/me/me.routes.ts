import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthenticatedUser } from "../../plugins/authenticate";

const meResponse = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
});

/** Who the Bearer token belongs to: the smallest protected call, used by the web and by tests. */
export function registerMeRoutes(
  app: FastifyInstance,
  authenticate: (request: FastifyRequest) => Promise<AuthenticatedUser>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/me",
    { schema: { tags: ["account"], security: [{ bearer: [] }], response: { 200: meResponse } } },
    async (request) => ({ user: await authenticate(request) }),
  );
}
