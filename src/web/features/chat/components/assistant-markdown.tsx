import type { ReactNode } from "react";
import Markdown, { type Components } from "react-markdown";
import { Link } from "react-router";
import { cn } from "../../../lib/cn";
import remarkGfm from "remark-gfm";

/**
 * Where a link in an answer goes when it is one of Quanta's own pages: a relative address, or an
 * absolute one on this origin, as a router path ('/research/NVDA?x#y'). null for anything else:
 * other sites, protocol-relative '//host', 'javascript:' and other schemes.
 */
export function internalPath(href: string): string | null {
  if (typeof window === "undefined") return null;
  let url: URL;
  try {
    url = new URL(href, window.location.href);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The part of a hast node this file reads: the words of a link. */
interface TextNode {
  type: string;
  value?: string;
  children?: TextNode[];
}

function textOf(node: TextNode | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

/** True when the link's text already is its address (an autolink), so it need not be repeated. */
function textShowsAddress(text: string, href: string): boolean {
  const shown = text.trim().toLowerCase();
  const address = href.trim().toLowerCase();
  return shown === address || address.replace(/^(https?:\/\/|mailto:)/, "") === shown.replace(/^(https?:\/\/|mailto:)/, "");
}

/**
 * Links in answers: our own pages stay links (in this tab). An answer (a model's, or an imported
 * analysis) must not lead people to other sites in one click, so any other link is plain text:
 * its words, then its address in brackets when the words do not already show it.
 */
function MarkdownLink({ href, text, children }: { href?: string | undefined; text: string; children?: ReactNode }) {
  const path = href ? internalPath(href) : null;
  if (path !== null) {
    return (
      <Link to={path} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {children}
      </Link>
    );
  }
  return (
    <span>
      {children}
      {href && !textShowsAddress(text, href) ? <span className="break-all text-muted"> ({href})</span> : null}
    </span>
  );
}

const components: Components = {
  a: ({ href, children, node }) => (
    <MarkdownLink href={href} text={textOf(node)}>
      {children}
    </MarkdownLink>
  ),
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  h1: ({ children }) => <h3 className="mt-4 mb-2 text-base font-bold first:mt-0">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-4 mb-2 text-base font-bold first:mt-0">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-3 mb-1.5 font-semibold first:mt-0">{children}</h4>,
  h4: ({ children }) => <h4 className="mt-3 mb-1.5 font-semibold first:mt-0">{children}</h4>,
  blockquote: ({ children }) => <blockquote className="my-2 border-l-4 border-brand-200 pl-3 text-muted">{children}</blockquote>,
  code: ({ children, className }) => (
    <code className={cn("rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-ink", className)}>{children}</code>
  ),
  pre: ({ children }) => (
    <pre className="my-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm [&_code]:bg-transparent [&_code]:p-0">{children}</pre>
  ),
  hr: () => <hr className="my-3 border-line" />,
};

// Raw HTML in an answer is never rendered (no rehype-raw; skipHtml drops it), javascript: and
// other unsafe URLs are removed by react-markdown's default urlTransform, links to other sites are
// plain text (MarkdownLink), and images (which could
// call out to any server) are shown as their alt text. remark-gfm adds tables (the compare answer).
const safety = { skipHtml: true, disallowedElements: ["img"], unwrapDisallowed: true } as const;

const tableComponents: Components = {
  table: ({ children }) => (
    <div className="my-3 overflow-x-auto rounded-lg border border-line">
      <table className="w-full border-collapse text-sm">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-slate-50">{children}</thead>,
  tr: ({ children }) => <tr className="even:bg-slate-50/60">{children}</tr>,
  th: ({ children, style }) => (
    <th scope="col" style={style} className="border-b border-line px-3 py-2 text-left font-semibold text-ink">
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="border-t border-line px-3 py-2 text-left align-top tabular-nums">
      {children}
    </td>
  ),
};

const allComponents: Components = { ...components, ...tableComponents };
const plugins = [remarkGfm];

/** An assistant answer: markdown (with tables) without raw HTML. */
export function AssistantMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="text-[0.95rem] leading-relaxed break-words text-ink">
      <Markdown components={allComponents} remarkPlugins={plugins} {...safety}>
        {markdown}
      </Markdown>
    </div>
  );
}
