import { describe, expect, it } from "vitest";
import { isoDate, normaliseTickers, plainText, safeUrl, sanitizeNewsHtml } from "./sanitize-news";
import { XSS_URLS } from "./xss-corpus";

describe("sanitizeNewsHtml", () => {
  it("keeps the allow-listed formatting and makes links safe to open", () => {
    const html = sanitizeNewsHtml(
      `<p>Shares <b>rose</b> <em>3%</em><br><a href="https://example.com/a?b=1&c=2" class="x">read</a></p><ul><li>one</li></ul><blockquote><code>x</code></blockquote><h1>Head</h1><div>box</div>`,
    );
    expect(html).toBe(
      `<p>Shares <b>rose</b> <em>3%</em><br /><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">read</a></p><ul><li>one</li></ul><blockquote><code>x</code></blockquote>Head box`.replace(
        "Head box",
        "Headbox",
      ),
    );
  });

  it("drops links to anything but http(s), keeping their text", () => {
    expect(sanitizeNewsHtml(`<a href="javascript:alert(1)">x</a>`)).toBe("<a>x</a>");
    expect(sanitizeNewsHtml(`<a href="/relative">x</a>`)).toBe("<a>x</a>");
  });
});

describe("plainText", () => {
  it("removes tags, decodes entities and drops angle brackets", () => {
    expect(plainText(`<b>Apple</b> &amp; Google&#39;s deal`)).toBe("Apple & Google's deal");
    expect(plainText(`&lt;script&gt;alert(1)&lt;/script&gt;`)).toBe("scriptalert(1)/script");
    expect(plainText("a\u0000b\n\tc")).toBe("a b c");
  });
});

describe("safeUrl", () => {
  it("accepts http(s) URLs and, when allowed, our own paths", () => {
    expect(safeUrl("https://example.com/a b")).toBe("https://example.com/a%20b");
    expect(safeUrl("/api/logos/ECHF")).toBe("/api/logos/ECHF");
    expect(safeUrl("/api/logos/ECHF", { allowRelative: false })).toBe("");
  });

  it.each(XSS_URLS)("refuses %j", (url) => {
    expect(safeUrl(url)).toBe("");
  });
});

describe("normaliseTickers and isoDate", () => {
  it("drops exchange prefixes and junk", () => {
    expect(normaliseTickers(["NASDAQ:AAPL, NYSE:SNOW", "<b>MSFT</b>", "not a ticker!", "AAPL"])).toBe("AAPL,SNOW,MSFT");
    expect(normaliseTickers(["BTCUSD,ETHUSD"])).toBe("BTCUSD,ETHUSD");
  });

  it("reads RFC 822, ISO and FMP's timestamps (UTC)", () => {
    expect(isoDate("Fri, 22 Aug 2025 16:23:55 GMT")).toBe("2025-08-22T16:23:55.000Z");
    expect(isoDate("2025-08-22 16:23:55")).toBe("2025-08-22T16:23:55.000Z");
    expect(isoDate("2025-08-22T16:23:55+02:00")).toBe("2025-08-22T14:23:55.000Z");
    expect(isoDate("yesterday")).toBe("");
  });
});
