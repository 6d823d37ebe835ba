/**
 * Text that someone else wrote (a contact message, an e-mail address, a provider's company name)
 * made safe to print on an operator's terminal: it cannot move the cursor, clear the screen, set
 * the window title, hide itself or reorder what is shown.
 *
 * Replaced with U+FFFD '�' (visible, so the operator sees something was there):
 * - C0 controls U+0000–U+001F (ESC, BEL, backspace, carriage return, tab…) and DEL U+007F;
 * - C1 controls U+0080–U+009F (U+009B is a one-character CSI, as dangerous as `ESC [`);
 * - bidirectional formatting: embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069,
 *   the marks U+200E, U+200F and the Arabic letter mark U+061C (they make text read in another
 *   order than it is stored: 'Trojan Source').
 *
 * Line breaks: by default each (CRLF, LF, lone CR, U+2028, U+2029) becomes ' ⏎ ' so a listing keeps
 * one record per line; with `{ multiline: true }` they become '\n', for a field printed deliberately
 * over several lines, except a lone CR (it returns to the start of the line to overwrite it).
 */

export const TERMINAL_PLACEHOLDER = "\uFFFD";
export const LINE_BREAK_MARK = " ⏎ ";

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029]/g;

export interface TerminalSafeOptions {
  /** Keep line breaks as '\n' (a lone CR excepted); the default shows each one as ' ⏎ '. */
  multiline?: boolean;
}

export function terminalSafe(text: string, options: TerminalSafeOptions = {}): string {
  if (options.multiline) {
    return text.replace(/\r\n|[\u2028\u2029]/g, "\n").replace(UNSAFE, (c) => (c === "\n" ? c : TERMINAL_PLACEHOLDER));
  }
  return text.replace(LINE_BREAKS, LINE_BREAK_MARK).replace(UNSAFE, TERMINAL_PLACEHOLDER);
}

/** `value` with terminalSafe applied to every string in it (arrays and plain objects walked; keys kept). */
export function terminalSafeDeep<T>(value: T): T {
  if (typeof value === "string") return terminalSafe(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => terminalSafeDeep(item)) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, terminalSafeDeep(item)])) as T;
  }
  return value;
}

const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * JSON.stringify for a terminal: the data is unchanged, but the code points JSON.stringify leaves raw
 * (DEL, C1 controls, bidi formatting) are written as \uXXXX escapes, as it already does for C0.
 */
export function terminalSafeJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(JSON_UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
