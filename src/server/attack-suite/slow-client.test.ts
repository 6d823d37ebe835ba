import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test-support/test-database";
import { startTestApp, type TestApp } from "../test-support/test-app";

const [pglite] = testDatabaseKinds("storage-only");
const REQUEST_TIMEOUT_MS = 2000;
const HEADERS_TIMEOUT_MS = 1000;

/** Opens a raw connection, writes `data`, and resolves with how long the server kept it open (capped). */
function heldFor(port: number, data: string, capMs: number): Promise<{ ms: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = "";
    const socket = net.connect(port, "127.0.0.1", () => socket.write(data));
    const cap = setTimeout(() => {
      socket.destroy();
      resolve({ ms: Date.now() - started, answer });
    }, capMs);
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(cap);
      resolve({ ms: Date.now() - started, answer });
    });
    socket.on("timeout", () => reject(new Error("unexpected socket timeout")));
  });
}

describe("slow clients", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(pglite!, { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS) });
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it("closes a connection whose body never arrives in full (Content-Length 100, 8 bytes sent)", async () => {
    const { ms, answer } = await heldFor(
      port,
      "POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"name\":",
      15_000,
    );
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 3000);
    // Either the 408 of the time-out, or an early refusal (CSRF) followed by the close: never a 2xx.
    expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
  });

  it("closes a connection whose headers never end", async () => {
    const { ms } = await heldFor(port, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: a", 15_000);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 3000);
  });

  it("still answers a complete request at once", async () => {
    const { answer } = await heldFor(port, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});
