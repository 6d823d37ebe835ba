import { gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { publicRefreshStatusSchema, type PublicRefreshStatus } from "../../../contracts/public-refresh-status";
import { publicRecommendationRoutes } from "./public-recommendations.routes";
import type { PublicRecommendationsService } from "./public-recommendations.service";

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
