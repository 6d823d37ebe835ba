// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { ELLIPSIS, newsPreviewHtml } from "./news-preview";

function textOf(html: string): string {
  const div = document.createElement("div");
  div.innerHTML = html;
  return div.textContent ?? "";
}

describe("newsPreviewHtml", () => {
  it("keeps short content whole, without an ellipsis", () => {
    expect(newsPreviewHtml("<p>Short <b>news</b></p>")).toBe("<p>Short <b>news</b></p>");
  });

  it("cuts after 100 characters of text, never inside a tag", () => {
    const html = `<p>${"a".repeat(60)}<b>${"b".repeat(60)}</b><i>tail</i></p>`;
    const preview = newsPreviewHtml(html);
    expect(textOf(preview)).toBe(`${"a".repeat(60)}${"b".repeat(40)}${ELLIPSIS}`);
    expect(preview).toBe(`<p>${"a".repeat(60)}<b>${"b".repeat(40)}${ELLIPSIS}</b></p>`);
  });

  it("counts text, not markup", () => {
    const html = `<a href="https://example.com/${"x".repeat(200)}">${"c".repeat(99)}</a>`;
    const preview = newsPreviewHtml(html);
    expect(textOf(preview)).toBe("c".repeat(99));
    expect(preview).toContain('rel="noopener noreferrer"');
    expect(preview).toContain('target="_blank"');
  });

  it("drops scripts, handlers and javascript: links", () => {
    const preview = newsPreviewHtml(
      `<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)" onclick="x()">click</a><svg onload="alert(4)"></svg>`,
    );
    expect(preview).not.toMatch(/onerror|onclick|onload|script|javascript|<img|<svg/i);
    expect(textOf(preview)).toBe("click");
  });
});
