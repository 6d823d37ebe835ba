import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { acceptedEncoding, COMPRESSION_MIN_BYTES, registerResponseCompression } from "./response-compression";

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

const big = { calls: Array.from({ length: 200 }, (_, i) => ({ symbol: `T${i}`, verdict: "buy", returned: i / 10 })) };

async function serve(): Promise<FastifyInstance> {
  app = Fastify();
  registerResponseCompression(app);
  app.get("/big", async () => big);
  app.get("/small", async () => ({ ok: true }));
  app.get("/text", async (_request, reply) => reply.type("text/plain").send("x".repeat(5000)));
  app.get("/shell", async (_request, reply) => reply.type("text/html; charset=utf-8").send(`<p>${"shell ".repeat(500)}</p>`));
  app.get("/encoded", async (_request, reply) =>
    reply.type("application/json").header("content-encoding", "gzip").send(gzipSync(JSON.stringify(big))),
  );
  app.get("/stream", (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/event-stream" });
    reply.raw.end(`data: ${JSON.stringify(big)}\n\n`);
  });
  return app;
}

describe("registerResponseCompression", () => {
  it("answers a large JSON body in brotli, else gzip, when the request accepts it", async () => {
    const server = await serve();
    expect(JSON.stringify(big).length).toBeGreaterThan(COMPRESSION_MIN_BYTES);
    const br = await server.inject({ url: "/big", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString("utf8"))).toEqual(big);
    const gz = await server.inject({ url: "/big", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString("utf8"))).toEqual(big);
  });

  it("compresses an HTML shell sent as a string", async () => {
    const server = await serve();
    const shell = await server.inject({ url: "/shell", headers: { "accept-encoding": "br" } });
    expect(shell.headers["content-encoding"]).toBe("br");
    expect(shell.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(brotliDecompressSync(shell.rawPayload).toString("utf8")).toBe(`<p>${"shell ".repeat(500)}</p>`);
  });

  it("sends the body as it is without an accepted encoding, with Vary so no cache mixes them", async () => {
    const server = await serve();
    for (const header of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const response = await server.inject({ url: "/big", headers: header ? { "accept-encoding": header } : {} });
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.headers.vary).toContain("accept-encoding");
      expect(response.json()).toEqual(big);
    }
  });

  it("leaves small bodies, other types, encoded bodies and hijacked streams alone", async () => {
    const server = await serve();
    const headers = { "accept-encoding": "br, gzip" };
    const small = await server.inject({ url: "/small", headers });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    expect((await server.inject({ url: "/text", headers })).headers["content-encoding"]).toBeUndefined();
    const encoded = await server.inject({ url: "/encoded", headers });
    expect(encoded.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString("utf8"))).toEqual(big);
    const stream = await server.inject({ url: "/stream", headers });
    expect(stream.headers["content-encoding"]).toBeUndefined();
    expect(stream.body).toBe(`data: ${JSON.stringify(big)}\n\n`);
  });
});

describe("acceptedEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(acceptedEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(acceptedEncoding("gzip;q=1.0, br;q=0")).toBe("gzip");
    expect(acceptedEncoding(["deflate", "gzip"])).toBe("gzip");
    expect(acceptedEncoding("deflate")).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
