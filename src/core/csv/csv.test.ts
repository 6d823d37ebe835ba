import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CsvSyntaxError, decodeCsvBytes, escapeFormula, parseCsv, unescapeFormula, writeCsv } from "./csv";

const fields = (text: string) => parseCsv(text).map((r) => r.fields);

describe("parseCsv", () => {
  it("reads LF, CRLF and lone CR line ends and skips blank lines", () => {
    expect(fields("a,b\nc,d\n")).toEqual([["a", "b"], ["c", "d"]]);
    expect(fields("a,b\r\nc,d\r\n\r\n")).toEqual([["a", "b"], ["c", "d"]]);
    expect(fields("a,b\rc,d")).toEqual([["a", "b"], ["c", "d"]]);
    expect(fields("\n\na\n\nb")).toEqual([["a"], ["b"]]);
  });

  it("reads quoted fields with commas, doubled quotes and line breaks, and keeps the line each record starts on", () => {
    const records = parseCsv('id,text\r\n1,"a, ""quoted""\r\nmulti-line"\r\n2,plain\r\n');
    expect(records).toEqual([
      { line: 1, fields: ["id", "text"] },
      { line: 2, fields: ["1", 'a, "quoted"\r\nmulti-line'] },
      { line: 4, fields: ["2", "plain"] },
    ]);
  });

  it("keeps empty fields and unicode", () => {
    expect(fields(',,\n"",x\nZürich,東京 🚀')).toEqual([["", "", ""], ["", "x"], ["Zürich", "東京 🚀"]]);
  });

  it("rejects malformed quotes with the line they are on", () => {
    const cases: [string, number][] = [
      ['a,b\n1,"open\n2,3', 2],
      ['a,b\n1,x"y', 2],
      ['a,b\nc,d\n1,"x"y', 3],
    ];
    for (const [text, line] of cases) {
      let caught: unknown;
      try {
        parseCsv(text);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CsvSyntaxError);
      expect((caught as CsvSyntaxError).line).toBe(line);
    }
  });
});

describe("writeCsv", () => {
  it("quotes only what needs it and ends lines with CRLF", () => {
    expect(writeCsv([["a", "b,c", 'say "hi"', "x\ny"], [""]])).toBe('a,"b,c","say ""hi""","x\ny"\r\n""\r\n');
  });

  it("round-trips any table through parseCsv (property)", () => {
    const cell = fc.string({ unit: fc.constantFrom("a", "Z", ",", '"', "\r", "\n", " ", "é", "😀", "'", "=", "-") });
    const table = fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { maxLength: 8 });
    fc.assert(
      fc.property(table, (rows) => {
        expect(fields(writeCsv(rows))).toEqual(rows);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 4 }), { maxLength: 5 }), (rows) => {
        expect(fields(writeCsv(rows))).toEqual(rows);
      }),
    );
  });
});

describe("formula escaping", () => {
  it("prefixes cells that begin with =, +, -, @, tab or CR with a single quote", () => {
    expect(["=1+1", "+1", "-2", "@SUM(A1)", "\tx", "\rx", "safe", "'=x", "'plain"].map(escapeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
      "safe",
      "''=x",
      "'plain",
    ]);
  });

  it("is reversed exactly (property)", () => {
    const cell = fc.string({ unit: fc.constantFrom("'", "=", "+", "-", "@", "\t", "\r", "a", " ") });
    fc.assert(
      fc.property(cell, (value) => {
        expect(unescapeFormula(escapeFormula(value))).toBe(value);
        expect(escapeFormula(value)).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });
});

describe("decodeCsvBytes", () => {
  it("drops a UTF-8 BOM and decodes unicode", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("ticker\nZürich")]);
    expect(decodeCsvBytes(bytes)).toEqual({ ok: true, text: "ticker\nZürich" });
  });

  it("refuses binary content and invalid UTF-8", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(decodeCsvBytes(png)).toEqual({ ok: false, reason: "binary" });
    expect(decodeCsvBytes(new Uint8Array([0x61, 0xff, 0x62]))).toEqual({ ok: false, reason: "invalid_utf8" });
    expect(decodeCsvBytes(new TextEncoder().encode("a\u0001b"))).toEqual({ ok: false, reason: "binary" });
  });
});
