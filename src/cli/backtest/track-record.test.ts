import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../../core/analysis/analyze-stock";

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), "utf8");

describe("docs/track-record.md", () => {
  it("belongs to the engine in the code: re-run `npm run track-record` after a method change", () => {
    expect(doc("track-record.md")).toContain(`Engine ${ENGINE_VERSION}.`);
    for (const file of ["sp500-2009-2017-spy.json", "sp500-2005-2021-equal-weight.json"]) {
      expect(JSON.parse(doc(`backtest/${file}`)).engine_version, file).toBe(ENGINE_VERSION);
    }
  });
});
