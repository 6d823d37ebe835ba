import net from "node:net";
import { describe, expect, it } from "vitest";
import { takeLiveNetworkAttempts } from "./network-guard";

// src/test-setup.ts installs the guard for every test file: it must be active here.
describe("the test network guard", () => {
  it("refuses a connection to a remote host at once", async () => {
    const error = await new Promise<Error>((resolve) => {
      const socket = net.connect({ host: "query1.finance.yahoo.com", port: 443 });
      socket.on("error", resolve);
    });
    expect(error.message).toBe("Live network access attempted in a test: query1.finance.yahoo.com:443");
    // The attempt is also recorded, so the afterEach hook would fail this test: take it back here.
    expect(takeLiveNetworkAttempts()).toEqual(["query1.finance.yahoo.com:443"]);
  });

  it("refuses fetch over TLS to a remote host", async () => {
    await expect(fetch("https://financialmodelingprep.com/stable/quote?symbol=AAPL")).rejects.toThrow();
    expect(takeLiveNetworkAttempts()).toEqual(["financialmodelingprep.com:443"]);
  });

  it("lets connections to this machine through", async () => {
    const server = net.createServer((socket) => socket.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: "127.0.0.1", port }, () => undefined);
      socket.on("data", (chunk) => resolve(String(chunk)));
      socket.on("error", reject);
    });
    server.close();
    expect(reply).toBe("ok");
  });
});
