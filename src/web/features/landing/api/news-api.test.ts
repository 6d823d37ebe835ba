import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import { newsPageSchema, type NewsArticle, type NewsPage } from "../../../../contracts/news";
import { itAgreesWithSchema } from "../../../test-support/contract-check";
import { NEWS_HTML_ERROR, fetchNews, parseNewsPage } from "./news-api";

vi.mock("../../../lib/identity", () => ({ identitySession: { getToken: () => Promise.resolve("jwt-1") } }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const article: NewsArticle = {
  image: "https://img.example/a.png",
  title: "NVDA breaks out",
  link: "https://news.example/nvda",
  author: "Quanta briefs",
  content: "<p>Volume surged.</p>",
  date: "2026-11-20T16:00:00Z",
  tickers: "NVDA, MSFT",
};

describe("parseNewsPage (contracts/news.ts newsPageSchema)", () => {
  const valid: NewsPage[] = [
    { content: [], page: 0, size: 10 },
    { content: [article, { ...article, image: "", tickers: "" }], page: 2, size: 5 },
    { content: [{ ...article, title: "" }], page: 0, size: 10 },
  ];
  itAgreesWithSchema(parseNewsPage, newsPageSchema, {
    valid,
    invalid: [
      null,
      [],
      { content: [article] },
      { content: "x", page: 0, size: 10 },
      { content: [], page: "0", size: 10 },
      { content: [], page: 0, size: Number.POSITIVE_INFINITY },
      { content: [{ ...article, tickers: ["NVDA"] }], page: 0, size: 10 },
      { content: [{ ...article, title: undefined }], page: 0, size: 10 },
      { content: [null], page: 0, size: 10 },
    ],
  });
});

describe("fetchNews", () => {
  function stubFetch(response: () => Response) {
    const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => Promise.resolve(response()));
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("asks for a page without an auth header and skips articles without a title", async () => {
    const page: NewsPage = { content: [article, { ...article, title: "" }], page: 0, size: 10 };
    const fetchMock = stubFetch(() => json(page));
    expect(await fetchNews()).toEqual([article]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/news?page=0&size=10");
    expect(new Headers(init?.headers).has("authorization")).toBe(false);
  });

  it.each([
    [() => json({ error: "Failed to fetch news: 503", code: "upstream_error" } satisfies ApiError, 424), "Failed to fetch news: 503"],
    [() => json({ error: "", code: "upstream_error" } satisfies ApiError, 424), "Failed to fetch news: 424"],
    [() => json({ error: "Not found", code: "not_found" } satisfies ApiError, 404), "Failed to fetch news: 404"],
    [() => new Response("<html></html>", { status: 502, headers: { "content-type": "text/html" } }), NEWS_HTML_ERROR],
    [() => new Response("<html></html>", { status: 200, headers: { "content-type": "text/html" } }), NEWS_HTML_ERROR],
    [() => new Response("not json", { status: 200 }), NEWS_HTML_ERROR],
    [() => json({ content: [article] }), "Invalid response format from server"],
  ])("words failure %# as docs/product.md does", async (response, message) => {
    stubFetch(response);
    await expect(fetchNews()).rejects.toMatchObject({ name: "ApiRequestError", message });
  });
});
