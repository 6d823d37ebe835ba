import { describe, expect, it } from "vitest";
import { titleFrom } from "./chat.service";

describe("titleFrom", () => {
  it("keeps a short first message as it is, on one line", () => {
    expect(titleFrom("  Should I buy\n NWSC?  ")).toBe("Should I buy NWSC?");
  });

  it("cuts a long first message at a word, to at most 60 characters", () => {
    const title = titleFrom("Compare Northwind Semiconductor with Quillbit Software and tell me which one has the better setup");
    expect(title).toBe("Compare Northwind Semiconductor with Quillbit Software and…");
    expect(title.length).toBeLessThanOrEqual(60);
  });
});
