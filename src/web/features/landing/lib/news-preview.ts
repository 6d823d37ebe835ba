import DOMPurify from "dompurify";

const NEWS_PREVIEW_CHARS = 100;
export const ELLIPSIS = "…";

/** Tags an article preview may keep; everything else is unwrapped or dropped by DOMPurify. */
const ALLOWED_TAGS = ["a", "b", "strong", "i", "em", "u", "p", "br", "span", "ul", "ol", "li", "code", "small", "sub", "sup"];
const ALLOWED_ATTR = ["href", "title"];

/**
 * The preview of an article's HTML (docs/product.md): sanitised again in the browser, then cut after the
 * first `limit` characters of its text, walking the nodes so no tag is ever broken, plus an
 * ellipsis when something was cut. Links open in a new tab without access to this page.
 */
export function newsPreviewHtml(html: string, limit = NEWS_PREVIEW_CHARS): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    RETURN_DOM_FRAGMENT: true,
  });
  let remaining = limit;
  let truncated = false;

  const walk = (node: Node): void => {
    for (const child of [...node.childNodes]) {
      if (truncated) {
        child.remove();
        continue;
      }
      if (child.nodeType === Node.TEXT_NODE) {
        const value = child.textContent ?? "";
        if (value.length > remaining) {
          child.textContent = value.slice(0, remaining).trimEnd() + ELLIPSIS;
          truncated = true;
        } else {
          remaining -= value.length;
        }
      } else {
        if (child instanceof Element && child.tagName === "A") {
          child.setAttribute("target", "_blank");
          child.setAttribute("rel", "noopener noreferrer");
        }
        walk(child);
      }
    }
  };
  walk(fragment);

  const container = document.createElement("div");
  container.append(fragment);
  return container.innerHTML;
}
