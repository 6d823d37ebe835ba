import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { publicConfigRoutes, toPublicConfig } from "./public-config.routes";

const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000" });

describe("toPublicConfig", () => {
  it("always enables the chat: the rules assistant answers when no language model is configured", () => {
    expect(config.llm).toBeUndefined();
    expect(toPublicConfig(config, true).chatEnabled).toBe(true);
  });
});

describe("GET /api/config", () => {
  async function configFor(demo: boolean) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    let asked = 0;
    await app.register(publicConfigRoutes, { config, demo: async () => (asked++, demo) });
    const first = (await app.inject({ method: "GET", url: "/api/config" })).json<{ demo: boolean }>();
    const second = (await app.inject({ method: "GET", url: "/api/config" })).json<{ demo: boolean }>();
    await app.close();
    return { first, second, asked };
  }

  it("says whether the demo market is in use, as chosen at start-up (MARKET_DATA_PROVIDER=auto), asking once", async () => {
    expect(config.market.provider).toBe("auto");
    const demo = await configFor(true);
    expect(demo.first.demo).toBe(true);
    expect(demo.second.demo).toBe(true);
    expect(demo.asked).toBe(1);
    expect((await configFor(false)).first.demo).toBe(false);
  });
});
