// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { GiftIdea, GiftRequest } from "../../../core/gift/gift-types";
import { renderGiftFormPage, renderGiftResultsPage } from "./gift-page";

const REQUEST: GiftRequest = { name: "Ada", age: 36, relationship: "friend", interests: "cooking", budget: "50_100", occasion: "birthday" };
const IDEA: GiftIdea = { id: "knife", name: "Chef's knife", category: "kitchen", why: "Fits an interest in cooking.", priceLow: 60, priceHigh: 90, where: ["Kitchen shops"], score: 1 };

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, "text/html");
}

describe("gift pages carry the site's header and footer", () => {
  it.each([
    ["results", renderGiftResultsPage("Quanta", REQUEST, [IDEA])],
    ["form", renderGiftFormPage("Quanta")],
  ])("the %s page has the header's links and the footer's", (_name, html) => {
    const doc = parse(html);
    const header = doc.querySelector("header");
    expect(header?.querySelector('a[href="/"]')?.textContent).toBe("Quanta");
    const main = [...(header?.querySelectorAll('nav[aria-label="Main"] a') ?? [])].map((a) => [a.textContent, a.getAttribute("href")]);
    expect(main).toEqual([
      ["Analyze", "/stocks"],
      ["History", "/dashboard"],
      ["Gift ideas", "/gift"],
    ]);
    expect(header?.querySelector('a[aria-current="page"]')?.textContent).toBe("Gift ideas");
    const footer = doc.querySelector("footer");
    expect(footer?.textContent).toContain("Research, not investment advice.");
    expect([...(footer?.querySelectorAll('nav[aria-label="Footer"] a') ?? [])].map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Track record", "/track-record"],
      ["Contact us", "/#contact"],
    ]);
    // No link leads nowhere.
    expect(doc.querySelectorAll('a[href="#"]')).toHaveLength(0);
    // Header, main and footer in document order, one of each.
    expect(doc.querySelectorAll("header, main, footer")).toHaveLength(3);
    expect([...doc.querySelectorAll("header, main, footer")].map((e) => e.tagName)).toEqual(["HEADER", "MAIN", "FOOTER"]);
  });

  it("escapes the brand in the header and footer", () => {
    const html = renderGiftResultsPage("<b>Q</b>", REQUEST, [IDEA]);
    expect(html).not.toContain("<b>Q</b>");
    expect(parse(html).querySelector("footer")?.textContent).toContain("<b>Q</b>");
  });
});
