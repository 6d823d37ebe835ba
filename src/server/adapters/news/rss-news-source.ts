import { XMLParser } from "fast-xml-parser";
import { fetchUpstreamText } from "./fetch-upstream";
import { NewsUpstreamError, type NewsSource } from "./news-source";
import type { NewsArticle } from "../../../contracts/news";
import { isoDate, normaliseTickers, plainText, safeUrl, sanitizeNewsHtml } from "./sanitize-news";

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  processEntities: true,
  htmlEntities: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ["item", "entry", "category", "link", "media:content", "media:thumbnail", "enclosure"].includes(name),
});

/** Text of an element that may carry attributes ({'#text': ...}) or be a plain value. */
function text(value: unknown): string {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (value && typeof value === "object") return text((value as Node)["#text"]);
  return "";
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);
const attr = (value: unknown, name: string): string => (value && typeof value === "object" ? text((value as Node)[`@_${name}`]) : "");

function imageOf(item: Node): string {
  for (const key of ["media:thumbnail", "media:content", "enclosure"]) {
    for (const node of list(item[key])) {
      const type = attr(node, "type");
      const medium = attr(node, "medium");
      if (key === "enclosure" && type && !type.startsWith("image/")) continue;
      if (key === "media:content" && medium && medium !== "image") continue;
      const url = safeUrl(attr(node, "url"), { allowRelative: false });
      if (url) return url;
    }
  }
  return "";
}

function rssItem(item: Node, feedTitle: string): NewsArticle {
  return {
    image: imageOf(item),
    title: plainText(text(item.title)),
    link: safeUrl(text(item.link), { allowRelative: false }),
    author: plainText(text(item["dc:creator"]) || text(item.author) || feedTitle, 200),
    content: sanitizeNewsHtml(text(item["content:encoded"]) || text(item.description)),
    date: isoDate(text(item.pubDate) || text(item["dc:date"])),
    tickers: normaliseTickers(list(item.category).map(text).filter(looksLikeTicker)),
  };
}

function atomEntry(entry: Node, feedTitle: string): NewsArticle {
  const links = list(entry.link);
  const alternate = links.find((l) => !attr(l, "rel") || attr(l, "rel") === "alternate") ?? links[0];
  const author = list(entry.author)[0];
  return {
    image: imageOf(entry),
    title: plainText(text(entry.title)),
    link: safeUrl(attr(alternate, "href") || text(alternate), { allowRelative: false }),
    author: plainText((author && typeof author === "object" ? text((author as Node).name) : text(author)) || feedTitle, 200),
    content: sanitizeNewsHtml(text(entry.content) || text(entry.summary)),
    date: isoDate(text(entry.published) || text(entry.updated)),
    tickers: normaliseTickers(list(entry.category).map((c) => attr(c, "term") || text(c)).filter(looksLikeTicker)),
  };
}

/** Feed categories are topics; only the ones that look like tickers ('AAPL', 'NASDAQ:AAPL') become chips. */
function looksLikeTicker(category: string): boolean {
  return /^([A-Z]{2,10}:)?[A-Z]{1,5}([.-][A-Z]{1,2})?$/.test(category.trim());
}

/** Articles of an RSS 2.0 or Atom document. */
export function parseFeed(xml: string, source = "rss"): NewsArticle[] {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch (error) {
    throw new NewsUpstreamError("upstream_error", 502, source, `unreadable feed: ${String(error)}`);
  }
  const rss = doc.rss as Node | undefined;
  const channel = (rss?.channel ?? (doc["rdf:RDF"] as Node | undefined)) as Node | undefined;
  if (channel) {
    const items = list(channel.item ?? (doc["rdf:RDF"] as Node | undefined)?.item) as Node[];
    return items.filter((i) => i && typeof i === "object").map((item) => rssItem(item, plainText(text(channel.title), 200)));
  }
  const feed = doc.feed as Node | undefined;
  if (feed) {
    return (list(feed.entry) as Node[]).filter((e) => e && typeof e === "object").map((entry) => atomEntry(entry, plainText(text(feed.title), 200)));
  }
  throw new NewsUpstreamError("upstream_error", 502, source, "neither RSS nor Atom");
}

/** RSS 2.0 / Atom feeds (`NEWS_RSS_FEEDS`); a feed that fails is skipped while another answers. */
export class RssNewsSource implements NewsSource {
  readonly id = "rss";

  constructor(
    private readonly options: { feeds: string[]; timeoutMs?: number; fetch?: typeof fetch; onFeedError?: (feed: string, error: unknown) => void },
  ) {}

  async fetchArticles(): Promise<NewsArticle[]> {
    const results = await Promise.allSettled(
      this.options.feeds.map(async (feed) =>
        parseFeed(
          await fetchUpstreamText(feed, {
            source: this.id,
            expect: "xml",
            ...(this.options.timeoutMs !== undefined && { timeoutMs: this.options.timeoutMs }),
            ...(this.options.fetch && { fetch: this.options.fetch }),
          }),
          this.id,
        ),
      ),
    );
    const articles: NewsArticle[] = [];
    let firstError: unknown;
    results.forEach((result, index) => {
      if (result.status === "fulfilled") articles.push(...result.value);
      else {
        firstError ??= result.reason;
        this.options.onFeedError?.(this.options.feeds[index]!, result.reason);
      }
    });
    if (results.length > 0 && results.every((r) => r.status === "rejected")) throw firstError;
    return articles;
  }
}
