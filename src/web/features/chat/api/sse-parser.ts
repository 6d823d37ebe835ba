/**
 * An incremental parser for a `text/event-stream` body (the WHATWG event-stream format, reduced to
 * what POST /api/chat sends): feed it decoded text as it arrives, in chunks split anywhere, and it
 * hands back the `data` of every complete event. Comment lines (`: …`) and the `event`, `id` and
 * `retry` fields are ignored; several `data:` lines of one event are joined with '\n'.
 */
export interface SseParser {
  /** Adds the next piece of text; returns the data of the events it completed, in order. */
  push: (text: string) => string[];
  /** The stream ended: returns the data of a last event that had no blank line after it. */
  finish: () => string[];
}

export function createSseParser(): SseParser {
  let buffer = "";
  let data: string[] = [];

  /** One complete line; a blank line ends the event. */
  function line(text: string, out: string[]): void {
    if (text === "") {
      if (data.length > 0) out.push(data.join("\n"));
      data = [];
      return;
    }
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== "data") return;
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    data.push(value);
  }

  function push(text: string): string[] {
    buffer += text;
    const out: string[] = [];
    const breaks = /\r\n|\r|\n/g;
    let start = 0;
    let match: RegExpExecArray | null;
    while ((match = breaks.exec(buffer)) !== null) {
      // A lone '\r' at the very end may be the first half of '\r\n': wait for the next piece.
      if (match[0] === "\r" && match.index === buffer.length - 1) break;
      line(buffer.slice(start, match.index), out);
      start = match.index + match[0].length;
    }
    buffer = buffer.slice(start);
    return out;
  }

  function finish(): string[] {
    const out: string[] = [];
    if (buffer !== "") {
      line(buffer.replace(/\r$/, ""), out);
      buffer = "";
    }
    line("", out);
    return out;
  }

  return { push, finish };
}
