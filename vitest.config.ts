import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Two lanes. A test file is an integration test when it starts something outside its own process
 * or heavier than a function call: the app or a database (test-support/test-app, test-database,
 * PGlite, openDatabase), a local HTTP server, a child process. Everything else is a unit test
 * (core, contracts, web, pure services) and runs in the fast lane: `npm run test:unit`.
 * The split is read from the files' imports, so a new test lands in the right lane by itself.
 */
const INTEGRATION_MARKERS =
  /test-support\/(test-app|test-database|local-http-server|yahoo-replay|server-process)|support\/\w+-fixture-server|node:child_process|openDatabase\(|@electric-sql\/pglite|\bFastify\(/;

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full.split(path.sep).join("/")] : [];
  });
}

/**
 * Two kinds of file need what a clone alone does not have, and are left out (not skipped) without it:
 * *.postgres.test.ts needs a PostgreSQL server (TEST_DATABASE_URL), *.shared-data.test.ts the full
 * market data set beside the repository (../shared/data), or REQUIRE_SHARED_DATA=1, which makes its
 * absence a failure (CI sets both). A run says in one line what it left out.
 */
const leftOut: string[] = [];
if (!process.env.TEST_DATABASE_URL) leftOut.push("**/*.postgres.test.ts");
if (!existsSync("../shared/data") && process.env.REQUIRE_SHARED_DATA !== "1") leftOut.push("**/*.shared-data.test.ts");
const leftOutFiles = testFiles("src").filter((file) => leftOut.some((pattern) => file.endsWith(pattern.slice("**/*".length))));
// The config is evaluated once per project: say it once.
if (leftOutFiles.length > 0 && !process.env.QUANTA_TESTS_LEFT_OUT) {
  process.env.QUANTA_TESTS_LEFT_OUT = "1";
  console.log(`Left out (they need TEST_DATABASE_URL or ../shared/data): ${leftOutFiles.join(", ")}`);
}

const integrationTests = testFiles("src").filter((file) => INTEGRATION_MARKERS.test(readFileSync(file, "utf8")));

export default defineConfig({
  test: {
    setupFiles: ["./src/test-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core minus one, which is one here (2 cores). Most server
    // tests wait on databases and child processes, so two workers finish in far less time.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.{ts,tsx}"], exclude: [...integrationTests, ...leftOut], pool: "threads" } },
      { extends: true, test: { name: "integration", include: integrationTests, exclude: leftOut } },
    ],
  },
});
