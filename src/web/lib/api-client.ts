import type { z } from "zod";
import type { ApiError } from "../../contracts/api-error";
import { identitySession } from "./identity";

export const NETWORK_ERROR_MESSAGE = "Network error: check your connection and try again.";
export const CSRF_MISSING_MESSAGE = "Unable to submit the form. CSRF token is missing.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "TRACE"]);
/** Codes with which the server rejects a missing or stale CSRF token; we fetch a new one once. */
const CSRF_RETRY_CODES = new Set(["csrf_missing", "csrf_invalid"]);

/** A failed call to our API: the server's sentence and stable code, or a local one (status 0). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  /** The HTTP status text ('' for local failures). */
  readonly statusText: string;
  /** The parsed JSON error body, or null when there was none (or it was not JSON). */
  readonly body: unknown;
  constructor(
    status: number,
    code: string,
    message: string,
    options?: { cause?: unknown; statusText?: string; body?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.statusText = options?.statusText ?? "";
    this.body = options?.body ?? null;
  }
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The Bearer token of the signed-in user, or null when signed out. */
  getToken: () => Promise<string | null>;
}

export interface ApiClient {
  /** Calls our API; resolves with the OK response, rejects with ApiRequestError otherwise. */
  apiFetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** apiFetch plus JSON parsing, validated by `schema` when given. */
  apiJson: <T>(path: string, init?: RequestInit, schema?: z.ZodType<T>) => Promise<T>;
  /** Forgets the cached CSRF token (the next unsafe call fetches a new one). */
  resetCsrfToken: () => void;
}

/** The JSON body, or null when there is none or it is not JSON. */
async function readJsonOrNull(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The server's error body ({error, code}, contracts/api-error.ts), checked by hand: the shell keeps
 * zod out of the landing page's first-paint JavaScript.
 */
function asApiError(body: unknown): ApiError | null {
  return isRecord(body) && typeof body.error === "string" && typeof body.code === "string"
    ? { error: body.error, code: body.code }
    : null;
}

async function readApiError(response: Response): Promise<ApiRequestError> {
  const body = await readJsonOrNull(response);
  const parsed = asApiError(body);
  const details = { statusText: response.statusText, body };
  if (parsed) return new ApiRequestError(response.status, parsed.code, parsed.error, details);
  const fallback = `Request failed: ${String(response.status)} ${response.statusText}`.trim();
  const message =
    typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string"
      ? (body as { error: string }).error
      : fallback;
  return new ApiRequestError(response.status, `http_${String(response.status)}`, message, details);
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  let csrfToken: Promise<string> | null = null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await deps.fetch(path, { ...init, credentials: "include" });
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") throw error;
      throw new ApiRequestError(0, "network_error", NETWORK_ERROR_MESSAGE, { cause: error });
    }
  }

  function getCsrfToken(): Promise<string> {
    if (csrfToken) return csrfToken;
    const request = (async () => {
      const response = await send("/csrf_cookie", { method: "GET", headers: { accept: "application/json" } });
      if (!response.ok) throw new ApiRequestError(response.status, "csrf_missing", CSRF_MISSING_MESSAGE);
      const body = await readJsonOrNull(response);
      const token = isRecord(body) ? body.csrfToken : undefined;
      if (typeof token !== "string" || token === "") {
        throw new ApiRequestError(0, "csrf_missing", CSRF_MISSING_MESSAGE);
      }
      return token;
    })();
    csrfToken = request;
    // A failed fetch is not cached: the next call tries again.
    request.catch(() => {
      if (csrfToken === request) csrfToken = null;
    });
    return request;
  }

  async function getBearer(): Promise<string | null> {
    try {
      return await deps.getToken();
    } catch (error) {
      throw new ApiRequestError(0, "network_error", NETWORK_ERROR_MESSAGE, { cause: error });
    }
  }

  async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    const unsafe = !SAFE_METHODS.has(method);

    const attempt = async (): Promise<Response> => {
      const headers = new Headers(init.headers);
      if (!headers.has("accept")) headers.set("accept", "application/json");
      const token = await getBearer();
      if (token) headers.set("authorization", `Bearer ${token}`);
      if (unsafe) headers.set("x-csrftoken", await getCsrfToken());
      return send(path, { ...init, method, headers });
    };

    let response = await attempt();
    if (response.ok) return response;
    let error = await readApiError(response);
    if (unsafe && response.status === 403 && CSRF_RETRY_CODES.has(error.code)) {
      csrfToken = null;
      response = await attempt();
      if (response.ok) return response;
      error = await readApiError(response);
    }
    throw error;
  }

  async function apiJson<T>(path: string, init?: RequestInit, schema?: z.ZodType<T>): Promise<T> {
    const response = await apiFetch(path, init);
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new ApiRequestError(response.status, "invalid_response", "Invalid response format from server", { cause });
    }
    if (!schema) return body as T;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiRequestError(response.status, "invalid_response", "Invalid response format from server", {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  return {
    apiFetch,
    apiJson,
    resetCsrfToken: () => {
      csrfToken = null;
    },
  };
}

const defaultClient = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => identitySession.getToken(),
});

export const apiFetch = defaultClient.apiFetch;
export const apiJson = defaultClient.apiJson;
export const resetCsrfToken = defaultClient.resetCsrfToken;
