import os from "node:os";
import { Piscina } from "piscina";
import type { AnalysisInput } from "../../core/analysis/analyze-stock";
import type { AnalysisReport } from "../../core/analysis/analysis-report";

/** Worker threads for the daily refresh's analyses: the cores but one (the request thread's), at least one. */
export function defaultAnalysisThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

/**
 * The analysis engine on worker threads (piscina), so a refresh of thousands of tickers never holds
 * the event loop that answers requests. Compiled, the worker is dist/server/analysis-worker.mjs
 * beside the server's bundle; from source (tsx, the tests) it is the .ts file, loaded through tsx.
 */
export class AnalysisPool {
  private pool: Piscina | null = null;
  private closed = false;

  constructor(private readonly threads: number = defaultAnalysisThreads()) {}

  private open(): Piscina {
    if (this.pool) return this.pool;
    // A closed pool stays closed: a late caller must not start threads that keep the process alive.
    if (this.closed) throw new Error("the analysis threads are closed");
    const fromSource = import.meta.url.endsWith(".ts");
    this.pool = new Piscina({
      filename: new URL(fromSource ? "./analysis-worker.ts" : "./analysis-worker.mjs", import.meta.url).href,
      ...(fromSource && { execArgv: ["--import", "tsx"] }),
      minThreads: 0,
      maxThreads: this.threads,
      // Idle threads end, so a server between refreshes holds none.
      idleTimeout: 30_000,
    });
    return this.pool;
  }

  run(input: AnalysisInput): Promise<AnalysisReport> {
    return this.open().run(input) as Promise<AnalysisReport>;
  }

  get size(): number {
    return this.threads;
  }

  async close(): Promise<void> {
    this.closed = true;
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
