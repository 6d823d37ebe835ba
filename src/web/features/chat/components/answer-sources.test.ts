import { describe, expect, it } from "vitest";
import type { ChatCitation } from "../../../../contracts/chat";
import { formatCalendarDate } from "../../../lib/format";
import { answerText, uniqueCitations, withAppDates, withoutSourcesLine } from "./answer-sources";

const cite = (ticker: string, as_of: string, source: ChatCitation["source"] = "history"): ChatCitation => ({ ticker, as_of, analysis_id: null, source });

describe("uniqueCitations", () => {
  it("lists each stock once, with its newest analysis date, in first-seen order", () => {
    const list = [cite("NWSC", "2026-11-19", "public"), cite("QBIT", "2026-11-20"), cite("nwsc", "2026-11-20", "history"), cite("NWSC", "2026-11-18", "new")];
    expect(uniqueCitations(list)).toEqual([cite("nwsc", "2026-11-20", "history"), cite("QBIT", "2026-11-20")]);
  });

  it("keeps an empty list empty", () => {
    expect(uniqueCitations([])).toEqual([]);
  });
});

describe("withoutSourcesLine", () => {
  const body = "**NWSC trade setup** (as of 2026-11-20) — BUY\n\n- Buy point 12.40";
  const line = "**Sources:** NWSC · as of 2026-11-20 (your history); NWSC · as of 2026-11-20 (public list)";

  it("drops the server's trailing sources line when chips show the sources", () => {
    expect(withoutSourcesLine(`${body}\n\n${line}\n`, true)).toBe(body);
    expect(withoutSourcesLine(`${body}\n\nSources: NWSC, QBIT`, true)).toBe(body);
    expect(withoutSourcesLine(`${body}\n\n__Sources__: NWSC`, true)).toBe(body);
  });

  it("keeps it when there are no chips, and keeps other last lines", () => {
    expect(withoutSourcesLine(`${body}\n\n${line}`, false)).toBe(`${body}\n\n${line}`);
    expect(withoutSourcesLine(`${body}\n\n_Source: Quanta's trading rules._`, true)).toBe(`${body}\n\n_Source: Quanta's trading rules._`);
    expect(withoutSourcesLine(`${body}\n\nThe sources of growth are strong.`, true)).toBe(`${body}\n\nThe sources of growth are strong.`);
    expect(withoutSourcesLine(line, true)).toBe("");
  });
});

describe("withAppDates", () => {
  it("shows stand-alone ISO dates in the app's date format", () => {
    expect(withAppDates("as of 2026-11-20, and (2026-11-19).", "en-US")).toBe("as of Nov 20, 2026, and (Nov 19, 2026).");
    expect(withAppDates("as of 2026-11-20")).toBe(`as of ${formatCalendarDate("2026-11-20")}`);
  });

  it("leaves timestamps, addresses and longer numbers alone", () => {
    const text = "at 2026-11-20T10:42:00Z, see https://example.com/2026-11-20/report and id 12026-11-201";
    expect(withAppDates(text, "en-US")).toBe(text);
  });
});

describe("answerText", () => {
  it("shows the sources once (as chips) and one date format", () => {
    const shown = answerText("**Why NWSC is a BUY** (as of 2026-11-20)\n\n**Sources:** NWSC · as of 2026-11-20 (your history)", [cite("NWSC", "2026-11-20")], "en-US");
    expect(shown).toBe("**Why NWSC is a BUY** (as of Nov 20, 2026)");
  });
});
