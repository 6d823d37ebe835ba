import sanitizeHtml from "sanitize-html";

/** Longest article body kept (before sanitising, so a cut tag is repaired by the sanitiser). */
const MAX_CONTENT = 20_000;

const HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "b", "i", "em", "strong", "a", "ul", "ol", "li", "blockquote", "code"],
  allowedAttributes: { a: ["href", "rel", "target"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math", "template", "xmp", "noembed", "noframes", "title"],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeUrl(attribs.href ?? "", { allowRelative: false });
      const safe: Record<string, string> = href ? { href, rel: "noopener noreferrer nofollow", target: "_blank" } : {};
      return { tagName, attribs: safe };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href && !frame.text.trim(),
};

/** Article HTML through a strict allow-list: formatting, lists, quotes, code and http(s) links only. */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html.slice(0, MAX_CONTENT), HTML_OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * Titles, authors and tickers are plain text: tags removed, entities decoded, then angle brackets
 * and control characters dropped (so even a client that wrongly renders them as HTML gets no markup).
 */
export function plainText(value: string, maxLength = 500): string {
  const stripped = sanitizeHtml(value.slice(0, maxLength * 4), { allowedTags: [], allowedAttributes: {}, nonTextTags: HTML_OPTIONS.nonTextTags! });
  return decodeEntities(stripped)
    .replace(/[<>]/g, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, maxLength);
}

/**
 * An absolute http(s) URL (normalised) or, when allowed, one of our own paths ('/x', never '//x');
 * anything else ('javascript:', 'data:', obfuscated schemes) becomes ''.
 */
export function safeUrl(raw: string, options: { allowRelative: boolean } = { allowRelative: true }): string {
  const value = decodeEntities(raw).trim();
  if (options.allowRelative && /^\/(?![/\\])[^\s<>"'`]*$/.test(value)) return value;
  if (!/^https?:\/\//i.test(value)) return "";
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return url.href;
  } catch {
    return "";
  }
}

/** Tickers as 'AAPL,MSFT': exchange prefixes dropped ('NASDAQ:AAPL'), only upper-case ticker-like tokens kept. */
export function normaliseTickers(values: string[]): string {
  const tickers = new Set<string>();
  for (const value of values) {
    for (const part of plainText(value, 1000).split(/[,;\s]+/)) {
      const ticker = part.includes(":") ? part.split(":").pop()! : part;
      if (/^[A-Z0-9][A-Z0-9.\-^]{0,11}$/.test(ticker) && /[A-Z]/.test(ticker)) tickers.add(ticker);
    }
  }
  return [...tickers].slice(0, 12).join(",");
}

/** An ISO date from the formats feeds use (RFC 822, ISO 8601, FMP's 'YYYY-MM-DD HH:mm:ss' in UTC); '' when unreadable. */
export function isoDate(raw: string): string {
  const value = raw.trim();
  if (!value) return "";
  const fmp = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2})?)$/.exec(value);
  const parsed = new Date(fmp ? `${fmp[1]}T${fmp[2]}Z` : value);
  return Number.isNaN(parsed.getTime()) ? "" : parsed.toISOString();
}
