import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalServer, type LocalServer } from "../../test-support/local-http-server";
import { FmpLogoSource } from "./fmp-logo-source";
import { monogramColours, monogramLetters, monogramSvg } from "./monogram-logo";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("monogram", () => {
  it("is the same SVG for the same ticker, different colours for different tickers", () => {
    expect(monogramSvg("NWSC").body.equals(monogramSvg("nwsc").body)).toBe(true);
    expect(monogramSvg("NWSC").contentType).toBe("image/svg+xml");
    const colours = new Set(["NWSC", "ECHF", "CBRG", "SUMT", "QBIT", "ALVH", "MPCH", "VLRA"].map((t) => monogramColours(t).background));
    expect(colours.size).toBeGreaterThanOrEqual(7);
  });

  it("uses 1–3 letters of the ticker", () => {
    expect(monogramLetters("A")).toBe("A");
    expect(monogramLetters("NWSC")).toBe("NWS");
    expect(monogramLetters("BRK.B")).toBe("BRK");
    expect(monogramSvg("ECHF").body.toString()).toContain(">ECH</text>");
  });

  it("keeps white letters readable (contrast ≥ 4.5:1) on every background", () => {
    for (let i = 0; i < 500; i++) expect(monogramColours(`T${i}`).contrast).toBeGreaterThanOrEqual(4.5);
  });
});

describe("FmpLogoSource against a local server", () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      if (req.url === "/image-stock/AAPL.png") return void res.writeHead(200, { "content-type": "image/png" }).end(PNG);
      if (req.url === "/image-stock/HTML.png") return void res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
      res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("fetches the image once per ticker per day", async () => {
    let now = new Date("2026-11-20T10:00:00Z");
    const source = new FmpLogoSource({ baseUrl: server.url, now: () => now });
    const first = await source.fetchLogo("aapl");
    expect(first).toEqual({ body: PNG, contentType: "image/png" });
    await source.fetchLogo("AAPL");
    expect(server.requests.filter((r) => r === "/image-stock/AAPL.png")).toHaveLength(1);
    now = new Date("2026-11-21T10:00:00Z");
    await source.fetchLogo("AAPL");
    expect(server.requests.filter((r) => r === "/image-stock/AAPL.png")).toHaveLength(2);
  });

  it("answers null for a missing image, a non-image answer or an unreachable provider", async () => {
    const source = new FmpLogoSource({ baseUrl: server.url });
    expect(await source.fetchLogo("NOPE")).toBeNull();
    expect(await source.fetchLogo("HTML")).toBeNull();
    expect(await new FmpLogoSource({ baseUrl: "http://127.0.0.1:9", timeoutMs: 500 }).fetchLogo("AAPL")).toBeNull();
  });
});
