import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiErrorSchema as errorBody, successSchema } from "../../../contracts/api-error";
import { contactRequestSchema } from "../../../contracts/contact";
import type { ContactService } from "./contact.service";


/** POST /api/contact: CSRF applies (the global hook); stores the message in `contact_data`. */
export async function contactRoutes(app: FastifyInstance, options: { contact: () => Promise<ContactService> }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/contact",
    {
      schema: {
        tags: ["landing"],
        summary: "Send a message with the contact form",
        description:
          "400 `missing_fields` ('Please fill in all fields.') when name or e-mail is empty, `invalid_email`, `message_too_long` (over 5000 characters); 429 `rate_limited` after 5 messages per address in 10 minutes.",
        body: contactRequestSchema,
        response: { 201: successSchema, 400: errorBody, 403: errorBody, 429: errorBody, 503: errorBody },
      },
    },
    async (request, reply) => {
      await (await options.contact()).send({ ...request.body, message: request.body.message ?? undefined }, request.ip);
      return reply.status(201).send({ success: true as const });
    },
  );
}
