import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core minus one, which is one here (2 cores). Most server
    // tests wait on databases and child processes, so two workers finish in far less time.
    maxWorkers: 2,
  },
});
