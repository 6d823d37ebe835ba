import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { serverBuildState } from "../../scripts/server-build-state.mjs";

// scripts/server-build-state.mjs: when `npm start` (build-if-missing) rebuilds dist/server, and when
// bin/quanta.mjs may run the compiled CLI instead of the sources.
const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function project(): { root: string; touch(file: string, secondsAgo: number): void } {
  const root = mkdtempSync(path.join(os.tmpdir(), "quanta-build-state-"));
  made.push(root);
  const touch = (file: string, secondsAgo: number) => {
    const full = path.join(root, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, "");
    const time = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(full, time, time);
  };
  return { root, touch };
}

describe("serverBuildState", () => {
  it("is 'missing' without a bundle", () => {
    const { root, touch } = project();
    touch("src/server/main.ts", 100);
    expect(serverBuildState(root, "dist/server/main.mjs")).toBe("missing");
  });

  it("is 'current' when the bundle is newer than every source", () => {
    const { root, touch } = project();
    touch("src/server/main.ts", 100);
    touch("src/core/analysis/analyze-stock.ts", 90);
    touch("dist/server/main.mjs", 10);
    expect(serverBuildState(root, "dist/server/main.mjs")).toBe("current");
  });

  it.each(["src/server/db/database.ts", "src/core/indicators/ema.ts", "src/contracts/health.ts", "src/cli/main.ts"])(
    "is 'stale' when %s changed after the build (a git pull)",
    (file) => {
      const { root, touch } = project();
      touch("src/server/main.ts", 100);
      touch("dist/server/main.mjs", 50);
      touch(file, 5);
      expect(serverBuildState(root, "dist/server/main.mjs")).toBe("stale");
    },
  );

  it("ignores tests and files outside the server's sources", () => {
    const { root, touch } = project();
    touch("src/server/main.ts", 100);
    touch("dist/server/main.mjs", 50);
    touch("src/server/main.test.ts", 5);
    touch("src/web/main.tsx", 5);
    touch("src/server/README.md", 5);
    expect(serverBuildState(root, "dist/server/main.mjs")).toBe("current");
  });
});
