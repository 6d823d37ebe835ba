import { describe, expect, it } from "vitest";
import { createSseParser } from "./sse-parser";

describe("createSseParser", () => {
  it("completes an event only at its blank line, across chunks split mid-line", () => {
    const parser = createSseParser();
    expect(parser.push('data: {"type":"del')).toEqual([]);
    expect(parser.push('ta","text":"Hel')).toEqual([]);
    expect(parser.push('lo"}\n')).toEqual([]);
    expect(parser.push("\n")).toEqual(['{"type":"delta","text":"Hello"}']);
  });

  it("returns several events that arrive in one chunk, in order", () => {
    const parser = createSseParser();
    expect(parser.push("data: one\n\ndata: two\n\ndata: thr")).toEqual(["one", "two"]);
    expect(parser.push("ee\n\n")).toEqual(["three"]);
  });

  it("handles \\r\\n line ends, also when split between chunks", () => {
    const parser = createSseParser();
    expect(parser.push("data: a\r")).toEqual([]);
    expect(parser.push("\n\r\ndata: b\r\n\r\n")).toEqual(["a", "b"]);
  });

  it("joins multi-line data, strips one leading space and ignores comments and other fields", () => {
    const parser = createSseParser();
    const out = parser.push(": keep-alive\n\nevent: message\nid: 7\nretry: 1000\ndata:  two spaces\ndata:x\n\n");
    expect(out).toEqual([" two spaces\nx"]);
  });

  it("hands back a last event without a trailing blank line when the stream ends", () => {
    const parser = createSseParser();
    expect(parser.push("data: last")).toEqual([]);
    expect(parser.finish()).toEqual(["last"]);
    expect(parser.finish()).toEqual([]);
  });
});
