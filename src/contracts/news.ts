import { z } from "zod";

/** One article of GET /api/news (docs/product.md), as the server sends it. */
const newsArticleSchema = z.object({
  /** http(s) URL or one of our own paths ('' when none). */
  image: z.string(),
  title: z.string(),
  link: z.string(),
  author: z.string(),
  /** Sanitised HTML (an allow-list of tags on the server; sanitised again in the browser). */
  content: z.string(),
  /** ISO 8601. */
  date: z.string(),
  /** Comma-separated tickers. */
  tickers: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

/** GET /api/news?page=&size=: one page of articles, newest first. */
export const newsPageSchema = z.object({ content: z.array(newsArticleSchema), page: z.number(), size: z.number() });
export type NewsPage = z.infer<typeof newsPageSchema>;

export const newsQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1000).default(0),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
