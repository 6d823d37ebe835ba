import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
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

/** @fastify/multipart's own refusals of a body that is not well-formed multipart. */
const MULTIPART_FORMAT_CODES = new Set(["FST_INVALID_MULTIPART_CONTENT_TYPE", "FST_INVALID_JSON_FIELD_ERROR", "FST_PROTO_VIOLATION", "FST_MP_PREMATURE_CLOSE"]);
/** Its limits: too many parts, fields or files, or a file over the size limit. */
const MULTIPART_LIMIT_CODES = new Set(["FST_PARTS_LIMIT", "FST_FILES_LIMIT", "FST_FIELDS_LIMIT", "FST_REQ_FILE_TOO_LARGE"]);
/**
 * What busboy (the multipart reader) throws on a missing, empty or over-long boundary, a truncated
 * or garbled body: plain Errors, recognised by their fixed messages, and only on a multipart request.
 */
const BUSBOY_MESSAGE =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|.* terminated early due to unexpected end of multipart data|Malformed part header|The needle cannot .*|Unsupported Content-Type\.|Missing Content-Type-header\.)$/;

function isMultipartRequest(request: FastifyRequest): boolean {
  return typeof request.isMultipart === "function" && request.isMultipart();
}

/** A malformed or over-limit multipart body as a 4xx AppError; null when the error is something else. */
function multipartProblem(error: FastifyError, request: FastifyRequest): AppError | null {
  const code = typeof error.code === "string" ? error.code : "";
  if (MULTIPART_LIMIT_CODES.has(code)) {
    return code === "FST_REQ_FILE_TOO_LARGE"
      ? new AppError(413, "file_too_large", "The uploaded file is too large.")
      : new AppError(413, "too_many_parts", "The form has too many fields or files.");
  }
  const busboyError = error.statusCode === undefined && isMultipartRequest(request) && BUSBOY_MESSAGE.test(error.message);
  if (MULTIPART_FORMAT_CODES.has(code) || busboyError) {
    return new AppError(400, "invalid_multipart", "The request body is not valid multipart/form-data (missing or wrong boundary, or a truncated or malformed part).");
  }
  return null;
}

/** 4xx answers carry {error, code}; 5xx answers never leak internals but are logged in full. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ error: error.message, code: error.code });
    }
    const multipart = multipartProblem(error, request);
    if (multipart) {
      // The code, route and request id (on request.log); never the body nor busboy's own words.
      request.log.warn({ code: multipart.code, reason: error.code ?? "busboy", route: request.routeOptions.url ?? null, method: request.method }, "refused a malformed multipart body");
      return reply.status(multipart.statusCode).send({ error: multipart.message, code: multipart.code });
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
