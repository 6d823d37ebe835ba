import { gunzipSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it, vi } from "vitest";
import { publicRefreshStatusSchema, type PublicRefreshStatus } from "../../../contracts/public-refresh-status";
import { publicRecommendationRoutes } from "./public-recommendations.routes";
import type { Logger } from "../../logger";
import type { PublicAnalysesRepository } from "./public-analyses.repository";
import { PublicRecommendationsService } from "./public-recommendations.service";

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appWithStatus(status: PublicRefreshStatus): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const lists = {} as PublicRecommendationsService;
  await app.register(publicRecommendationRoutes, { publicRecommendations: async () => lists, publicRefresh: async () => ({ status: async () => status }) });
  await app.ready();
  return app;
}

describe("GET /api/public-lists/status", () => {
  it("answers the service's refresh status: running with progress, then finished", async () => {
    const running = await appWithStatus({ refreshing: true, finishedAt: null, progress: { done: 120, total: 500 } });
    const response = await running.inject({ url: "/api/public-lists/status" });
    expect(response.statusCode).toBe(200);
    expect(publicRefreshStatusSchema.parse(response.json())).toEqual({ refreshing: true, finishedAt: null, progress: { done: 120, total: 500 } });
    await running.close();

    const done = await appWithStatus({ refreshing: false, finishedAt: "2026-11-25T21:31:00.000Z", progress: null });
    expect((await done.inject({ url: "/api/public-lists/status" })).json()).toEqual({
      refreshing: false,
      finishedAt: "2026-11-25T21:31:00.000Z",
      progress: null,
    });
  });

  it("never sends a status outside the contract", async () => {
    const broken = await appWithStatus({ refreshing: true, finishedAt: null, progress: { done: -1, total: 500 } });
    expect((await broken.inject({ url: "/api/public-lists/status" })).statusCode).toBe(500);
  });
});

describe("GET /api/public-buy-stocks caching", () => {
  async function appWithList(body: string): Promise<FastifyInstance> {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const service = { listBody: async () => ({ body: Buffer.from(body), gzip: gzipSync(body) }) } as unknown as PublicRecommendationsService;
    await app.register(publicRecommendationRoutes, { publicRecommendations: async () => service, publicRefresh: async () => ({ status: async () => ({ refreshing: false, finishedAt: null, progress: null }) }) });
    await app.ready();
    return app;
  }

  it("lets caches keep a list for a minute, but never an empty one (the screen is still running)", async () => {
    const full = await appWithList(`{"analyses":[{"id":"1","analysis":"{}","timestamp":"2026-11-25T21:31:00.000Z"}]}`);
    expect((await full.inject({ url: "/api/public-buy-stocks?action=BUY" })).headers["cache-control"]).toBe("public, max-age=60");
    await full.close();
    const empty = await appWithList(`{"analyses":[]}`);
    expect((await empty.inject({ url: "/api/public-buy-stocks?action=BUY" })).headers["cache-control"]).toBe("no-store");
  });
});

describe("GET /api/public-buy-stocks, answered from the cache", () => {
  it("asks for the service once, then answers each cached body in the handler's own turn, plain or gzipped", async () => {
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const repository = { list: vi.fn(async () => []) } as unknown as PublicAnalysesRepository;
    const service = new PublicRecommendationsService({ repository, log: { warn: () => undefined } as unknown as Logger });
    const accessor = vi.fn(async () => service);
    await app.register(publicRecommendationRoutes, { publicRecommendations: accessor, publicRefresh: async () => ({ status: async () => ({ refreshing: false, finishedAt: null, progress: null }) }) });
    await app.ready();
    for (let k = 0; k < 4; k++) {
      const zipped = await app.inject({ url: "/api/public-buy-stocks", headers: { "accept-encoding": "gzip, br" } });
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers).toMatchObject({ "content-encoding": "gzip", "content-type": "application/json; charset=utf-8", vary: "accept-encoding", "cache-control": "no-store" });
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(`{"analyses":[]}`);
      const plain = await app.inject({ url: "/api/public-buy-stocks" });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(`{"analyses":[]}`);
    }
    expect(accessor).toHaveBeenCalledTimes(1);
    expect(repository.list).toHaveBeenCalledTimes(1);
  });
});
