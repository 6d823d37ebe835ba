import { describe, expect, it } from "vitest";
import { LINE_BREAK_MARK, TERMINAL_PLACEHOLDER as X, terminalSafe, terminalSafeDeep, terminalSafeJson } from "./terminal-safe";

/** Code points a terminal acts on, or that reorder text; none may reach the operator's screen. */
const FORBIDDEN_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u; // eslint-disable-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u; // eslint-disable-line no-control-regex

describe("terminalSafe", () => {
  it("leaves ordinary text alone, unicode included", () => {
    for (const text of ["Ada Lovelace", "ada@example.com", "Zürich · 東京 · São Paulo 🚀", "مرحبا بالعالم", "שלום", "a\u00a0b", "≥ 20% — “quotes”", ""]) {
      expect(terminalSafe(text)).toBe(text);
    }
  });

  it("replaces escape sequences: ESC [2J clears nothing, OSC cannot set the title, BEL cannot ring", () => {
    expect(terminalSafe("hi\x1b[2J\x1b[H")).toBe(`hi${X}[2J${X}[H`);
    expect(terminalSafe("\x1b]0;pwned\x07")).toBe(`${X}]0;pwned${X}`);
    expect(terminalSafe("ok\bX\x00\x7f")).toBe(`ok${X}X${X}${X}`);
    expect(terminalSafe("a\tb")).toBe(`a${X}b`);
  });

  it("replaces every C1 control, U+009B (the one-byte CSI) among them", () => {
    expect(terminalSafe("x\u009b2Jy")).toBe(`x${X}2Jy`);
    for (let code = 0x80; code <= 0x9f; code++) expect(terminalSafe(String.fromCharCode(code))).toBe(X);
  });

  it("replaces bidi overrides, embeddings, isolates and marks", () => {
    expect(terminalSafe("invoice\u202Efdp.exe")).toBe(`invoice${X}fdp.exe`);
    for (const c of ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"]) {
      expect(terminalSafe(`a${c}b`)).toBe(`a${X}b`);
    }
  });

  it("shows line breaks as ' ⏎ ' by default, so a record stays on one line", () => {
    expect(terminalSafe("one\ntwo\r\nthree\rfour\u2028five\u2029six")).toBe(["one", "two", "three", "four", "five", "six"].join(LINE_BREAK_MARK));
  });

  it("keeps line breaks as LF in multiline mode, but never a lone CR or other controls", () => {
    expect(terminalSafe("one\ntwo\r\nthree\u2028four", { multiline: true })).toBe("one\ntwo\nthree\nfour");
    expect(terminalSafe("good\rEVIL\x1b[1A", { multiline: true })).toBe(`good${X}EVIL${X}[1A`);
  });

  it("never lets a forbidden code point through, in either mode (every code point up to U+2FFF)", () => {
    let all = "";
    for (let code = 0; code < 0x3000; code++) all += String.fromCharCode(code);
    expect(terminalSafe(all)).not.toMatch(FORBIDDEN);
    expect(terminalSafe(all, { multiline: true }).replace(/\n/g, "")).not.toMatch(FORBIDDEN);
    // Only the forbidden code points changed: the text has the same letters otherwise.
    expect(terminalSafe(all).replace(/\uFFFD| ⏎ /g, "")).toBe(all.replace(new RegExp(FORBIDDEN.source, "gu"), "").replace(/[\u2028\u2029]/g, ""));
  });
});

describe("terminalSafeDeep", () => {
  it("cleans every string of a report-like value and keeps its shape, numbers, nulls and dates", () => {
    const at = new Date("2026-11-20T00:00:00Z");
    const value = { ticker: "EVIL\x1b[2J", price: 12.5, ownership: null, at, list: ["ok", "bad\u202e"], nested: { name: "\u009bX" } };
    expect(terminalSafeDeep(value)).toEqual({ ticker: `EVIL${X}[2J`, price: 12.5, ownership: null, at, list: ["ok", `bad${X}`], nested: { name: `${X}X` } });
    expect(value.ticker).toBe("EVIL\x1b[2J");
  });
});

describe("terminalSafeJson", () => {
  it("writes DEL, C1 and bidi code points as \\u escapes: same data, nothing raw on the terminal", () => {
    const data = [{ name: "a\u009b2J\u202eb\x7f", email: "x\x1b[2J@example.com", note: "Zürich 東京" }];
    const text = terminalSafeJson(data);
    expect(text).not.toMatch(FORBIDDEN_EXCEPT_NEWLINE);
    expect(text).toContain("\\u009b");
    expect(text).toContain("\\u202e");
    expect(text).toContain("Zürich 東京");
    expect(JSON.parse(text)).toEqual(data);
  });
});
