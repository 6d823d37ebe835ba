import fc from "fast-check";
import { encodedBody, fromSchema, mutated, pathValue, plausibleString, queryString, type FuzzRequest, type Identity, type JsonSchema } from "./request-arbitraries";

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
}

interface OpenApiParameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface DocumentedOperation {
  method: string;
  /** OpenAPI template, e.g. /api/chat/conversations/{id}. */
  path: string;
  secured: boolean;
  parameters: OpenApiParameter[];
  bodySchema: JsonSchema | undefined;
  hasBody: boolean;
}

const METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** Every documented route and method. */
export function documentedOperations(document: OpenApiDocument): DocumentedOperation[] {
  const operations: DocumentedOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!METHODS.has(method)) continue;
      const content = operation.requestBody?.content ?? {};
      const bodySchema = content["application/json"]?.schema ?? content["multipart/form-data"]?.schema ?? Object.values(content)[0]?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(operation.security) && operation.security.length > 0,
        parameters: operation.parameters ?? [],
        bodySchema,
        hasBody: operation.requestBody !== undefined || method === "post" || method === "patch" || method === "put",
      });
    }
  }
  return operations;
}

function identityFor(secured: boolean): fc.Arbitrary<Identity> {
  return secured
    ? fc.constantFrom<Identity>("user", "user", "user", "user", "user", "user-no-csrf", "bad-token", "anonymous-csrf", "anonymous")
    : fc.constantFrom<Identity>("anonymous-csrf", "anonymous-csrf", "anonymous", "user", "user-no-csrf");
}

/** Requests for one documented operation: its path and query parameters and its body, each fuzzed. */
export function operationRequests(operation: DocumentedOperation, hints: { ids: readonly string[] }): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === "path");
  const queryParams = operation.parameters.filter((p) => p.in === "query");
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(plausibleString(p.name, p.schema ?? {}, hints))))
    .map((values) => pathParams.reduce((url, param, i) => url.replace(`{${param.name}}`, values[i]!), operation.path));
  const query = queryString(queryParams.map((p) => ({ name: p.name, value: fromSchema(p.schema, p.name, hints).map((v) => (typeof v === "string" ? v : JSON.stringify(v) ?? "")) })));
  const body = operation.hasBody ? encodedBody(mutated(fromSchema(operation.bodySchema, "", hints))) : fc.constant(undefined);
  // GET and DELETE are also sent a body now and then; servers must not care.
  const strayBody = fc.option(encodedBody(fc.constant({ input: "NWSC" })), { nil: undefined, freq: 10 });
  const method = fc.oneof({ weight: 12, arbitrary: fc.constant(operation.method) }, { weight: 1, arbitrary: fc.constantFrom("HEAD", "OPTIONS", "PUT", "PATCH", "DELETE", "POST") });
  return fc.record({ path, query, body, strayBody, identity: identityFor(operation.secured), method }).map(({ path: url, query: search, body: b, strayBody: stray, identity, method: verb }) => {
    const encoded = b ?? stray;
    return {
      family: `openapi ${operation.method} ${operation.path}`,
      method: verb,
      url: `${url}${search}`,
      identity,
      headers: encoded?.headers ?? {},
      payload: verb === "GET" || verb === "HEAD" ? undefined : encoded?.payload,
      encoding: encoded?.encoding,
    };
  });
}
