import { MarketDataUnavailableError } from "../../../core/market/market-data-provider";
import { fetchUpstreamText } from "../news/fetch-upstream";
import { NewsUpstreamError } from "../news/news-source";

/** Name used in every error and report. */
export const FMP_SOURCE_NAME = "Financial Modeling Prep";
const FMP_DEFAULT_BASE_URL = "https://financialmodelingprep.com";
const FMP_TIMEOUT_MS = 10_000;
/** The free plan's allowance. */
const FMP_DEFAULT_DAILY_BUDGET = 250;

export interface FmpClientOptions {
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  dailyCallBudget?: number;
  now?: () => Date;
}

/** An HTTP status FMP answered with (kept so callers can treat 402/403 'plan' answers as optional data). */
export class FmpHttpError extends MarketDataUnavailableError {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(FMP_SOURCE_NAME, detail);
    this.name = "FmpHttpError";
  }
}

const MAX_ERROR_BODY = 300;

/**
 * A thin client for FMP's `/stable/` endpoints: the key goes in the `apikey` query parameter and is
 * redacted from every message; every upstream call counts against a per-UTC-day budget; every
 * failure (HTTP error, HTML, bad JSON, time-out) becomes a MarketDataUnavailableError.
 */
export class FmpClient {
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;
  readonly dailyCallBudget: number;
  private readonly now: () => Date;
  private day = "";
  private calls = 0;

  constructor(options: FmpClientOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? FMP_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? FMP_TIMEOUT_MS;
    this.dailyCallBudget = options.dailyCallBudget ?? FMP_DEFAULT_DAILY_BUDGET;
    this.now = options.now ?? (() => new Date());
  }

  /** Upstream calls made since 00:00 UTC today. */
  callsToday(): number {
    this.rollDay();
    return this.calls;
  }

  /** Removes the key (and any `apikey=` parameter) from a text meant for errors or logs. */
  redact(text: string): string {
    let out = text.replace(/(apikey=)[^&\s"']*/gi, "$1***");
    if (this.apiKey.length > 0) out = out.split(this.apiKey).join("***");
    return out;
  }

  /** GET `/stable/{path}` with the query; the parsed JSON body. */
  async getJson(path: string, query: Record<string, string>): Promise<unknown> {
    this.rollDay();
    if (this.calls >= this.dailyCallBudget) {
      throw new MarketDataUnavailableError(
        FMP_SOURCE_NAME,
        `the FMP daily call budget (${this.dailyCallBudget}) is used up until 00:00 UTC`,
      );
    }
    const url = new URL(`${this.baseUrl}/stable/${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    url.searchParams.set("apikey", this.apiKey);
    this.calls++;

    // Keep the start of an error answer (FMP explains refusals in its body) for the message.
    let errorBody = "";
    // A refusal before the request left (the shared call budget) is passed on as it is.
    let refused: MarketDataUnavailableError | undefined;
    const fetchImpl: typeof fetch = async (input, init) => {
      const response = await this.fetchImpl(input, init).catch((error: unknown) => {
        if (error instanceof MarketDataUnavailableError) refused = error;
        throw error;
      });
      if (!response.ok) {
        errorBody = await response
          .clone()
          .text()
          .catch(() => "");
      }
      return response;
    };

    let text: string;
    try {
      text = await fetchUpstreamText(url.toString(), { source: "fmp", expect: "json", timeoutMs: this.timeoutMs, fetch: fetchImpl });
    } catch (error) {
      throw refused ?? this.toUnavailable(error, path, errorBody);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new MarketDataUnavailableError(FMP_SOURCE_NAME, `${path} answered with unreadable (truncated or invalid) JSON`);
    }
    const refusal = errorMessageOf(body, ["Error Message"]);
    if (refusal !== null) {
      // FMP sometimes answers a refusal with status 200 and {"Error Message": "..."}.
      throw new FmpHttpError(200, `${path} was refused: ${this.redact(refusal).slice(0, MAX_ERROR_BODY)}`);
    }
    return body;
  }

  private toUnavailable(error: unknown, path: string, errorBody: string): MarketDataUnavailableError {
    if (error instanceof NewsUpstreamError) {
      const upstreamSays = errorMessageOf(safeParse(errorBody)) ?? "";
      const said = upstreamSays ? ` FMP says: ${this.redact(upstreamSays).slice(0, MAX_ERROR_BODY)}` : "";
      if (error.code === "upstream_timeout") return new MarketDataUnavailableError(FMP_SOURCE_NAME, `${path} did not answer within ${this.timeoutMs} ms`);
      if (error.code === "upstream_html") return new MarketDataUnavailableError(FMP_SOURCE_NAME, `${path} answered with HTML instead of JSON`);
      const status = error.status;
      if (status === 401) {
        return new FmpHttpError(status, `FMP refused the API key (HTTP 401): check FMP_API_KEY.${said}`);
      }
      if (status === 402 || status === 403) {
        return new FmpHttpError(
          status,
          `FMP refused ${path} (HTTP ${status}): the key's plan does not include it, or it is a legacy endpoint (Quanta uses only /stable/ endpoints).${said}`,
        );
      }
      if (status === 429) return new FmpHttpError(status, `FMP rate limit reached (HTTP 429).${said}`);
      if (status >= 500 && status <= 599) return new FmpHttpError(status, `FMP server error (HTTP ${status}) on ${path}`);
      if (status >= 400 && status <= 499) return new FmpHttpError(status, `FMP answered HTTP ${status} on ${path}.${said}`);
      return new MarketDataUnavailableError(FMP_SOURCE_NAME, this.redact(`${path} could not be fetched: ${error.detail ?? error.message}`));
    }
    return new MarketDataUnavailableError(FMP_SOURCE_NAME, this.redact(`${path} could not be fetched: ${String(error)}`));
  }

  private rollDay(): void {
    const day = this.now().toISOString().slice(0, 10);
    if (day !== this.day) {
      this.day = day;
      this.calls = 0;
    }
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim() ? text.trim() : null;
  }
}

/** FMP's own refusal text: {"Error Message": ...}, {"message": ...} or a plain-text body. */
function errorMessageOf(body: unknown, keys: readonly string[] = ["Error Message", "error", "message"]): string | null {
  if (typeof body === "string") return body.startsWith("<") || keys.length === 1 ? null : body;
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return null;
}
