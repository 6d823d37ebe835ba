import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../app-error";

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again in a moment.";

function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation
      .map((issue) => {
        const field = issue.instancePath.replace(/^\//, "").replace(/\//g, ".");
        return field ? `${field}: ${issue.message}` : issue.message;
      })
      .join("; ");
    return `Invalid request: ${details}`;
  }
  return `Invalid request: ${error.message}`;
}

/** 4xx answers carry {error, code}; 5xx answers never leak internals but are logged in full. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code });
    }
    if (error.validation) {
      return reply.status(400).send({ error: describeValidation(error), code: "invalid_request" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = error.code ? error.code.replace(/^FST_ERR_/, "").toLowerCase() : "bad_request";
      const message = status === 429 ? "Too many requests. Please wait a minute and try again." : error.message;
      return reply.status(status).send({ error: message, code: status === 429 ? "rate_limited" : code });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ error: INTERNAL_MESSAGE, code: "internal_error" });
  });
}
