import { GIFT_LIMITS, type GiftFormErrors, type GiftFormValues } from "../../../contracts/gift";
import {
  BUDGETS,
  budgetOf,
  OCCASION_LABELS,
  OCCASIONS,
  RELATIONSHIP_LABELS,
  RELATIONSHIPS,
  type GiftIdea,
  type GiftRequest,
} from "../../../core/gift/gift-types";
import { paths } from "../../../contracts/paths";
import { escapeHtml } from "../../html-escape";

/**
 * The server-rendered gift pages: the form (with messages next to the fields and the
 * entered values kept) and the results. They work without JavaScript; every value from the form is
 * escaped. They carry the site's header (logo, brand, Analyze / History / Gift ideas) and footer
 * (the results had neither), drawn like the SPA's (components/layout/site-header.tsx and
 * site-footer.tsx) with a small inline stylesheet, so the pages do not depend on the SPA's hashed CSS.
 */

const GIFT_TITLE = "Gift Recommendation Assistant";
const GIFT_SUBMIT = "Get Gift Recommendations";

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
.gift-page{min-height:100vh;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
.gift-page{display:flex;flex-direction:column}
.gift-page header.gift-header{background:#fff;border-bottom:1px solid #e2e8f0}
.gift-header .gift-bar{max-width:72rem;margin:0 auto;padding:0 1rem;min-height:4rem;display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem}
.gift-brand{display:inline-flex;align-items:center;gap:.5rem;font-weight:700;font-size:1.125rem;color:#0f172a;text-decoration:none;border-radius:.5rem;padding:0 .25rem}
.gift-nav ul{list-style:none;margin:0;padding:.25rem 0;display:flex;flex-wrap:wrap;gap:.25rem}
.gift-nav a{display:inline-block;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem;font-weight:500;color:#475569;text-decoration:none}
.gift-nav a:hover{background:#f1f5f9;color:#0f172a}
.gift-nav a[aria-current="page"]{background:#eff4ff;color:#1e3a8a}
.gift-page a:focus-visible{outline:3px solid #2553d9;outline-offset:2px}
.gift-page main.gift-main{flex:1 0 auto;width:100%}
.gift-footer{margin-top:4rem;border-top:1px solid #e2e8f0;background:#fff}
.gift-footer .gift-footer-bar{max-width:72rem;margin:0 auto;padding:2rem 1rem;display:flex;flex-wrap:wrap;gap:1.5rem;align-items:center;justify-content:space-between}
.gift-footer p{margin:.25rem 0 0;color:#64748b;font-size:.875rem}
.gift-footer ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;font-size:.875rem}
.gift-footer ul a{color:#64748b;font-weight:500;text-underline-offset:4px;text-decoration:none}
.gift-footer ul a:hover{color:#0f172a;text-decoration:underline}
.gift-main{max-width:48rem;margin:0 auto;padding:2rem 1rem 3rem}
.gift-main h1{font-size:1.875rem;font-weight:700;line-height:1.2;margin:0 0 .5rem;letter-spacing:-.01em}
.gift-lead{color:#475569;margin:0 0 1.5rem}
.gift-card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;box-shadow:0 1px 2px rgba(15,23,42,.05)}
.gift-form{display:grid;gap:1rem}
.gift-grid{display:grid;gap:1rem;grid-template-columns:1fr}
@media (min-width:640px){.gift-grid{grid-template-columns:1fr 1fr}}
.gift-field label{display:block;font-weight:600;font-size:.9375rem;margin-bottom:.375rem}
.gift-field .gift-optional{font-weight:400;color:#64748b}
.gift-field input,.gift-field select,.gift-field textarea{display:block;width:100%;min-height:2.75rem;padding:.5rem .75rem;font:inherit;color:inherit;background:#fff;border:1px solid #cbd5e1;border-radius:.5rem}
.gift-field textarea{min-height:5rem;resize:vertical}
.gift-field input:focus-visible,.gift-field select:focus-visible,.gift-field textarea:focus-visible{outline:3px solid #3b6ef0;outline-offset:1px;border-color:#2553d9}
.gift-field [aria-invalid="true"]{border-color:#dc2626}
.gift-error{color:#b91c1c;font-size:.875rem;font-weight:500;margin:.375rem 0 0}
.gift-hint{color:#64748b;font-size:.875rem;margin:.375rem 0 0}
.gift-summary{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:.5rem;padding:.75rem 1rem;margin-bottom:1rem}
.gift-button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1.25rem;border:0;border-radius:.5rem;background:#2553d9;color:#fff;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}
.gift-button:hover{background:#1d44b8}
.gift-button:focus-visible{outline:3px solid #3b6ef0;outline-offset:2px}
.gift-ideas{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
.gift-idea h2{font-size:1.125rem;font-weight:600;margin:0 0 .25rem}
.gift-price{display:inline-block;font-weight:600;color:#1e3a8a;background:#eff4ff;border-radius:999px;padding:.125rem .625rem;font-size:.875rem}
.gift-idea p{margin:.5rem 0 0}
.gift-where{color:#475569;font-size:.9375rem}
.gift-actions{margin-top:1.5rem;display:flex;flex-wrap:wrap;gap:.75rem}
`;

function money(value: number): string {
  return `$${value.toLocaleString("en-US")}`;
}

function priceBand(idea: Pick<GiftIdea, "priceLow" | "priceHigh">): string {
  return idea.priceLow === idea.priceHigh ? money(idea.priceLow) : `${money(idea.priceLow)}–${money(idea.priceHigh)}`;
}

/** The page around a body: the app's header with the brand link home, and the inline styles. */
function giftDocument(brand: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(brand)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${STYLE}</style>
</head>
<body style="margin:0">
${giftChrome(brand, body)}
</body>
</html>`;
}

/** The app's mark (components/layout/logo.tsx), decorative. */
function logoSvg(size: number): string {
  return `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#2553d9"/><path d="M7 21.5 13 15l4 4 8-9" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/><circle cx="25" cy="10" r="2" fill="#93b4fd"/></svg>`;
}

/** The SPA header's page links (components/layout/site-header.tsx APP_LINKS); the gift page is the current one. */
const HEADER_LINKS = [
  { href: paths.stocks(), label: "Analyze" },
  { href: paths.dashboard(), label: "History" },
  { href: paths.gift(), label: "Gift ideas" },
] as const;

/** The SPA footer's links (components/layout/site-footer.tsx). */
const FOOTER_LINKS = [
  { href: paths.trackRecord(), label: "Track record" },
  { href: `${paths.home()}#contact`, label: "Contact us" },
] as const;

function siteHeader(brand: string): string {
  const links = HEADER_LINKS.map(
    (link) => `<li><a href="${link.href}"${link.href === paths.gift() ? ' aria-current="page"' : ""}>${escapeHtml(link.label)}</a></li>`,
  ).join("");
  return `<header class="gift-header"><div class="gift-bar"><a class="gift-brand" href="${paths.home()}">${logoSvg(28)}<span>${escapeHtml(brand)}</span></a>
<nav class="gift-nav" aria-label="Main"><ul>${links}</ul></nav></div></header>`;
}

function siteFooter(brand: string): string {
  const links = FOOTER_LINKS.map((link) => `<li><a href="${link.href}">${escapeHtml(link.label)}</a></li>`).join("");
  return `<footer class="gift-footer"><div class="gift-footer-bar"><div><a class="gift-brand" href="${paths.home()}">${logoSvg(22)}<span>${escapeHtml(brand)}</span></a>
<p>Research, not investment advice. Markets carry risk.</p></div>
<nav aria-label="Footer"><ul>${links}</ul></nav></div></footer>`;
}

/** The site's header, the main and the site's footer (also placed in the SPA's <noscript> for visitors without JavaScript). */
export function giftChrome(brand: string, body: string): string {
  return `<div class="gift-page">${siteHeader(brand)}
<main class="gift-main" id="main">${body}</main>
${siteFooter(brand)}</div>`;
}

/** Styles for the <noscript> copy of the form inside the SPA shell. */
export function giftStyleElement(): string {
  return `<style>${STYLE}</style>`;
}

interface FieldOptions {
  name: keyof GiftFormValues & string;
  label: string;
  values: GiftFormValues;
  errors: GiftFormErrors;
  optional?: boolean;
  hint?: string;
}

function describedBy(name: string, error: string | undefined, hint: string | undefined): string {
  const ids = [hint ? `gift-${name}-hint` : null, error ? `gift-${name}-error` : null].filter(Boolean).join(" ");
  return ids ? ` aria-describedby="${ids}"` : "";
}

function fieldShell(options: FieldOptions, control: string): string {
  const { name, label, errors, optional, hint } = options;
  const error = errors[name];
  return `<div class="gift-field">
<label for="gift-${name}">${escapeHtml(label)}${optional ? ' <span class="gift-optional">(optional)</span>' : ""}</label>
${control}
${hint ? `<p class="gift-hint" id="gift-${name}-hint">${escapeHtml(hint)}</p>` : ""}
${error ? `<p class="gift-error" id="gift-${name}-error">${escapeHtml(error)}</p>` : ""}
</div>`;
}

function invalid(options: FieldOptions): string {
  return options.errors[options.name] ? ' aria-invalid="true"' : "";
}

function input(options: FieldOptions, attributes: string): string {
  const value = options.values[options.name] ?? "";
  return fieldShell(
    options,
    `<input id="gift-${options.name}" name="${options.name}" value="${escapeHtml(value)}" ${attributes}${invalid(options)}${describedBy(options.name, options.errors[options.name], options.hint)}>`,
  );
}

function textarea(options: FieldOptions, maxLength: number): string {
  const value = options.values[options.name] ?? "";
  return fieldShell(
    options,
    `<textarea id="gift-${options.name}" name="${options.name}" rows="3" maxlength="${maxLength}"${invalid(options)}${describedBy(options.name, options.errors[options.name], options.hint)}>${escapeHtml(value)}</textarea>`,
  );
}

function select(options: FieldOptions, choices: ReadonlyArray<{ value: string; label: string }>, placeholder: string): string {
  const current = options.values[options.name] ?? "";
  const items = [`<option value=""${current === "" ? " selected" : ""}>${escapeHtml(placeholder)}</option>`]
    .concat(choices.map((c) => `<option value="${escapeHtml(c.value)}"${c.value === current ? " selected" : ""}>${escapeHtml(c.label)}</option>`))
    .join("");
  return fieldShell(
    options,
    `<select id="gift-${options.name}" name="${options.name}" required${invalid(options)}${describedBy(options.name, options.errors[options.name], options.hint)}>${items}</select>`,
  );
}

/** The form itself: the same names and rules as the React form (src/web/features/gift). */
function giftFormHtml(values: GiftFormValues, errors: GiftFormErrors): string {
  const f = (name: FieldOptions["name"], label: string, extra: Partial<FieldOptions> = {}): FieldOptions => ({ name, label, values, errors, ...extra });
  const count = Object.keys(errors).length;
  const summary =
    count > 0
      ? `<div class="gift-summary" role="alert"><strong>Please correct ${count === 1 ? "the field" : `the ${count} fields`} marked below.</strong></div>`
      : "";
  return `${summary}<form class="gift-form gift-card" method="post" action="/gift">
<div class="gift-grid">
${input(f("name", "Name"), `type="text" required maxlength="${GIFT_LIMITS.name}" autocomplete="off"`)}
${input(f("age", "Age"), `type="number" required min="${GIFT_LIMITS.ageMin}" max="${GIFT_LIMITS.ageMax}" step="1" inputmode="numeric"`)}
${select(f("relationship", "Relationship"), RELATIONSHIPS.map((r) => ({ value: r, label: RELATIONSHIP_LABELS[r] })), "Choose a relationship")}
${input(f("relationship_other", "If other, describe the relationship", { hint: "Needed when the relationship is Other." }), `type="text" maxlength="${GIFT_LIMITS.text}"`)}
${select(f("occasion", "Occasion"), OCCASIONS.map((o) => ({ value: o, label: OCCASION_LABELS[o] })), "Choose an occasion")}
${input(f("occasion_other", "If other, describe the occasion", { hint: "Needed when the occasion is Other." }), `type="text" maxlength="${GIFT_LIMITS.text}"`)}
${select(f("budget", "Budget"), BUDGETS.map((b) => ({ value: b.value, label: b.label })), "Choose a budget")}
${input(f("brands", "Favourite brands", { optional: true, hint: "Separate with commas." }), `type="text" maxlength="${GIFT_LIMITS.text}"`)}
</div>
${textarea(f("interests", "Interests", { hint: "For example: cooking, hiking, jazz." }), GIFT_LIMITS.long)}
${textarea(f("User_query", "Anything else we should know?", { optional: true }), GIFT_LIMITS.long)}
${textarea(f("previous_gifts", "Previous gifts", { optional: true, hint: "Gifts they already received; they will not be suggested again." }), GIFT_LIMITS.long)}
<div><button class="gift-button" type="submit">${GIFT_SUBMIT}</button></div>
</form>`;
}

const LEAD = "Describe the person and the occasion, and get gift ideas that fit their interests and your budget.";

export function giftFormBody(values: GiftFormValues, errors: GiftFormErrors): string {
  return `<h1>${GIFT_TITLE}</h1><p class="gift-lead">${LEAD}</p>${giftFormHtml(values, errors)}`;
}

/** The form page (first visit without the SPA, or again with messages after an invalid post). */
export function renderGiftFormPage(brand: string, values: GiftFormValues = {}, errors: GiftFormErrors = {}): string {
  return giftDocument(brand, GIFT_TITLE, giftFormBody(values, errors));
}

/** The results: each idea with why it fits, its price band within the budget and where to look. */
export function renderGiftResultsPage(brand: string, request: GiftRequest, ideas: readonly GiftIdea[]): string {
  const budget = budgetOf(request.budget);
  const items = ideas
    .map(
      (idea) => `<li class="gift-card gift-idea">
<h2>${escapeHtml(idea.name)}</h2>
<span class="gift-price">${escapeHtml(priceBand(idea))}</span>
<p>${escapeHtml(idea.why)}</p>
<p class="gift-where"><strong>Where to look:</strong> ${escapeHtml(idea.where.join(", "))}</p>
</li>`,
    )
    .join("\n");
  const body = `<h1>Gift ideas for ${escapeHtml(request.name)}</h1>
<p class="gift-lead">${ideas.length} ideas within your ${escapeHtml(budget.label)} budget${request.previousGifts ? ", leaving out the gifts they already received" : ""}.</p>
<ol class="gift-ideas" aria-label="Gift ideas">
${items}
</ol>
<div class="gift-actions"><a class="gift-button" href="/gift">Start a new search</a></div>`;
  return giftDocument(brand, `Gift ideas for ${request.name}`, body);
}
