import { identitySession } from "./identity";
import { isRecord, parseApiError, parseCsrfResponse, type BodyParser } from "./body-checks";

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
  /** The answer's parsed JSON body (the error body, or a 2xx body that failed its contract), or null when there was none (or it was not JSON). */
  readonly body: unknown;
  /** The answer's content-type ('' for local failures): tells an HTML error page from our JSON. */
  readonly contentType: string;
  constructor(
    status: number,
    code: string,
    message: string,
    options?: { cause?: unknown; statusText?: string; body?: unknown; contentType?: string },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "ApiRequestError";
    this.status = status;
    this.code = code;
    this.statusText = options?.statusText ?? "";
    this.body = options?.body ?? null;
    this.contentType = options?.contentType ?? "";
  }

  /** True when the server answered with an HTTP error status (not a local failure or a bad 2xx body). */
  get httpFailure(): boolean {
    return this.status >= 300;
  }

  /** The same failure (status, code, body) worded for the page that shows it. */
  withMessage(message: string): ApiRequestError {
    return new ApiRequestError(this.status, this.code, message, {
      cause: this,
      statusText: this.statusText,
      body: this.body,
      contentType: this.contentType,
    });
  }
}

const INVALID_RESPONSE_MESSAGE = "Invalid response format from server";

interface ApiRequestInit extends RequestInit {
  /** false: no Bearer token even when signed in, for public endpoints (docs/product.md). */
  auth?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The Bearer token of the signed-in user, or null when signed out. */
  getToken: () => Promise<string | null>;
}

interface ApiJson {
  /** apiFetch plus JSON parsing, checked by the endpoint's contract (`parser`). */
  <T>(path: string, init: ApiRequestInit | undefined, parser: BodyParser<T>): Promise<T>;
  /** apiFetch plus JSON parsing, unchecked. */
  (path: string, init?: ApiRequestInit): Promise<unknown>;
}

export interface ApiClient {
  /** Calls our API; resolves with the OK response, rejects with ApiRequestError otherwise. */
  apiFetch: (path: string, init?: ApiRequestInit) => Promise<Response>;
  /**
   * apiFetch plus JSON parsing. A body that is not JSON rejects with code `invalid_json`, one that
   * fails `parser` with `invalid_response` (both 'Invalid response format from server').
   */
  apiJson: ApiJson;
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

function contentTypeOf(response: Response): string {
  return response.headers.get("content-type") ?? "";
}

async function readApiError(response: Response): Promise<ApiRequestError> {
  const body = await readJsonOrNull(response);
  const parsed = parseApiError(body);
  const details = { statusText: response.statusText, body, contentType: contentTypeOf(response) };
  if (parsed) return new ApiRequestError(response.status, parsed.code, parsed.error, details);
  const fallback = `Request failed: ${String(response.status)} ${response.statusText}`.trim();
  const message = isRecord(body) && typeof body.error === "string" ? body.error : fallback;
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
      const token = parseCsrfResponse(await readJsonOrNull(response))?.csrfToken;
      if (!token) {
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

  async function apiFetch(path: string, { auth = true, ...init }: ApiRequestInit = {}): Promise<Response> {
    const method = (init.method ?? "GET").toUpperCase();
    const unsafe = !SAFE_METHODS.has(method);

    const attempt = async (): Promise<Response> => {
      const headers = new Headers(init.headers);
      if (!headers.has("accept")) headers.set("accept", "application/json");
      const token = auth ? await getBearer() : null;
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

  function apiJson<T>(path: string, init: ApiRequestInit | undefined, parser: BodyParser<T>): Promise<T>;
  function apiJson(path: string, init?: ApiRequestInit): Promise<unknown>;
  async function apiJson<T>(path: string, init?: ApiRequestInit, parser?: BodyParser<T>): Promise<unknown> {
    const response = await apiFetch(path, init);
    const details = { statusText: response.statusText, contentType: contentTypeOf(response) };
    let body: unknown;
    try {
      body = await response.json();
    } catch (cause) {
      throw new ApiRequestError(response.status, "invalid_json", INVALID_RESPONSE_MESSAGE, { ...details, cause });
    }
    if (!parser) return body;
    try {
      return parser.parse(body);
    } catch (cause) {
      throw new ApiRequestError(response.status, "invalid_response", INVALID_RESPONSE_MESSAGE, { ...details, body, cause });
    }
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
