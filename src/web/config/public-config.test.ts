import { describe, expect, it } from "vitest";
import { publicConfigSchema } from "../../contracts/public-config";
import { DEFAULT_CONFIG } from "../test-support/render-app";
import { embeddedPublicConfig, parsePublicConfig } from "./public-config";

describe("parsePublicConfig", () => {
  const samples: unknown[] = [
    DEFAULT_CONFIG,
    { ...DEFAULT_CONFIG, captcha: { provider: "turnstile", siteKey: "k" } },
    { ...DEFAULT_CONFIG, captcha: { provider: "other", siteKey: "k" } },
    { ...DEFAULT_CONFIG, captcha: undefined },
    { ...DEFAULT_CONFIG, freeDailyAnalyses: -1 },
    { ...DEFAULT_CONFIG, freeDailyAnalyses: 1.5 },
    { ...DEFAULT_CONFIG, brand: 3 },
    { ...DEFAULT_CONFIG, demo: "yes" },
    { ...DEFAULT_CONFIG, extra: "dropped" },
    { ...DEFAULT_CONFIG, stripe: { publishableKey: "pk_test_1", buyButtonId: "buy_btn_1" } },
    { ...DEFAULT_CONFIG, stripe: { publishableKey: "pk_test_1" } },
    { ...DEFAULT_CONFIG, stripe: undefined },
    { ...DEFAULT_CONFIG, freeDailyAnalyses: 1e20 },
    null,
    [],
    "config",
  ];

  it.each(samples.map((sample, index) => [index, sample] as const))("agrees with the shared zod schema (%i)", (_, sample) => {
    const parsed = publicConfigSchema.safeParse(sample);
    expect(parsePublicConfig(sample)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe("embeddedPublicConfig", () => {
  const page = (text: string | null) => ({ getElementById: (id: string) => (id === "public-config" && text !== null ? { textContent: text } : null) }) as unknown as Document;

  it("reads the configuration the server put in the page, so the first render has it", () => {
    expect(embeddedPublicConfig(page(JSON.stringify({ ...DEFAULT_CONFIG, demo: true })))).toEqual({ ...DEFAULT_CONFIG, demo: true });
  });

  it("is undefined (the configuration is fetched) without a valid one", () => {
    expect(embeddedPublicConfig(page(null))).toBeUndefined();
    expect(embeddedPublicConfig(page("{not json"))).toBeUndefined();
    expect(embeddedPublicConfig(page(JSON.stringify({ brand: 3 })))).toBeUndefined();
    expect(embeddedPublicConfig(undefined)).toBeUndefined();
  });
});
