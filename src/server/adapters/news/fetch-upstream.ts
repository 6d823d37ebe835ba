import { NewsUpstreamError } from "./news-source";

const NEWS_TIMEOUT_MS = 8000;
const MAX_BYTES = 5 * 1024 * 1024;

export interface UpstreamOptions {
  source: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** What the caller expects; HTML is refused for both. */
  expect: "json" | "xml";
}

function looksLikeHtml(contentType: string, body: string): boolean {
  if (/text\/html|application\/xhtml/i.test(contentType)) return true;
  return /^\s*(<!doctype\s+html|<html[\s>])/i.test(body.slice(0, 512));
}

/**
 * GET with a time-out (aborted after `timeoutMs`), mapping every failure to a NewsUpstreamError:
 * HTML → upstream_html, non-OK → upstream_error with the status, time-out → upstream_timeout (504),
 * network failure or oversized body → upstream_error 502.
 */
export async function fetchUpstreamText(url: string, options: UpstreamOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? NEWS_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await (options.fetch ?? fetch)(url, {
      signal: controller.signal,
      headers: { accept: options.expect === "json" ? "application/json" : "application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5" },
      redirect: "follow",
    });
    const contentType = response.headers.get("content-type") ?? "";
    if (!response.ok) {
      await response.body?.cancel();
      throw new NewsUpstreamError("upstream_error", response.status, options.source);
    }
    const body = await response.text();
    if (body.length > MAX_BYTES) throw new NewsUpstreamError("upstream_error", 502, options.source, "body too large");
    if (looksLikeHtml(contentType, body)) throw new NewsUpstreamError("upstream_html", 502, options.source);
    return body;
  } catch (error) {
    if (error instanceof NewsUpstreamError) throw error;
    if (controller.signal.aborted) throw new NewsUpstreamError("upstream_timeout", 504, options.source, `no answer in ${timeoutMs} ms`);
    throw new NewsUpstreamError("upstream_error", 502, options.source, String(error));
  } finally {
    clearTimeout(timer);
  }
}
