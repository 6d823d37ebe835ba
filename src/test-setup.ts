import { afterEach, beforeEach, vi } from "vitest";
import { installNetworkGuard, takeLiveNetworkAttempts } from "./server/test-support/network-guard";

// No test touches the live network: see network-guard.ts.
installNetworkGuard();
afterEach(() => {
  const attempts = takeLiveNetworkAttempts();
  if (attempts.length > 0) throw new Error(`A test tried to reach the live network: ${attempts.join(", ")}`);
});

// A test that logs console.error fails (docs/architecture.md): errors must be asserted, not printed.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called: ${calls.map((c: unknown[]) => c.map(String).join(" ")).join("\n")}`);
  }
});
