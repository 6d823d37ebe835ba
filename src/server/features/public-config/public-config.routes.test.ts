import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { toPublicConfig } from "./public-config.routes";

describe("toPublicConfig", () => {
  it("always enables the chat: the rules assistant answers when no language model is configured", () => {
    const config = loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000" });
    expect(config.llm).toBeUndefined();
    expect(toPublicConfig(config).chatEnabled).toBe(true);
  });
});
