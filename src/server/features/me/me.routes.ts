import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireUser, signedInUser } from "../../plugins/require-user";

import { meResponseSchema } from "../../../contracts/account";

/** Who the Bearer token belongs to: the smallest protected call, used by the web and by tests. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/me",
    { preHandler: requireUser({ verified: false }), schema: { tags: ["account"], response: { 200: meResponseSchema } } },
    async (request) => ({ user: signedInUser(request) }),
  );
}
