import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AppConfig } from "../../config";

type LlmConfig = NonNullable<AppConfig["llm"]>;

/** The configured model and how reports and the UI name it ('Narrated by gpt-4o-mini'). */
export interface ConfiguredModel {
  model: Exclude<LanguageModel, string>;
  /** LLM_MODEL as configured. */
  name: string;
  config: LlmConfig;
}

/**
 * The language model from LLM_PROVIDER / LLM_MODEL / LLM_API_KEY / LLM_BASE_URL (Vercel AI SDK);
 * null when LLM_PROVIDER=none. The key stays on the server. `fetch` lets tests point the real
 * client at a local server.
 */
export function createConfiguredModel(config: AppConfig, fetchImpl?: typeof fetch): ConfiguredModel | null {
  const llm = config.llm;
  if (!llm) return null;
  const common = { ...(fetchImpl && { fetch: fetchImpl }) };
  switch (llm.provider) {
    case "openai":
      return { name: llm.model, config: llm, model: createOpenAI({ apiKey: llm.apiKey, ...(llm.baseUrl && { baseURL: llm.baseUrl }), ...common }).chat(llm.model) };
    case "anthropic":
      return { name: llm.model, config: llm, model: createAnthropic({ apiKey: llm.apiKey, ...(llm.baseUrl && { baseURL: llm.baseUrl }), ...common })(llm.model) };
    case "openai-compatible":
      return {
        name: llm.model,
        config: llm,
        model: createOpenAICompatible({
          name: "openai-compatible",
          baseURL: llm.baseUrl!,
          ...(llm.apiKey && { apiKey: llm.apiKey }),
          includeUsage: true,
          supportsStructuredOutputs: true,
          ...common,
        }).chatModel(llm.model),
      };
  }
}
