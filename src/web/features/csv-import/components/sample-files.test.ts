import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SAMPLE_FILES } from "./upload-view";

const root = path.resolve(import.meta.dirname, "../../../../..");
const served = (urlPath: string) => readFileSync(path.join(root, "src/web/public", urlPath), "utf8");
const documented = (name: string) => readFileSync(path.join(root, "docs/samples", name), "utf8");

describe("the /upload page's sample files", () => {
  it("are the documented samples (docs/samples, which the server's tests import), byte for byte", () => {
    expect(served(SAMPLE_FILES.export)).toBe(documented("analyses-export.csv"));
    expect(served(SAMPLE_FILES.template)).toBe(documented("analyses-flat.csv"));
  });

  it("start with the header of their format", () => {
    expect(served(SAMPLE_FILES.export).split(/\r?\n/)[0]).toBe("id,ticker,timestamp,analysis");
    expect(served(SAMPLE_FILES.template).split(/\r?\n/)[0]).toMatch(/^id,timestamp,ticker,current_metrics\.price,/);
  });
});
