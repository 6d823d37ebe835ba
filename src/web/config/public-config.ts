import { useQuery } from "@tanstack/react-query";
import { publicConfigSchema, type PublicConfig } from "../../contracts/public-config";
import { apiJson } from "../lib/api-client";

export const PUBLIC_CONFIG_QUERY_KEY = ["public-config"] as const;

export const DEFAULT_BRAND = "Quanta";

export function fetchPublicConfig(): Promise<PublicConfig> {
  return apiJson("/api/config", { method: "GET" }, publicConfigSchema);
}

/** GET /api/config, fetched once per page load and shared by every component. */
export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: fetchPublicConfig,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: 2,
  });
}

/** The brand shown in the interface; the default until the server has answered. */
export function useBrand(): string {
  return usePublicConfig().data?.brand || DEFAULT_BRAND;
}

/**
 * Settings the server adds to /api/config with the research feature. Read defensively: a server (or
 * schema) without them gives the defaults.
 */
interface ResearchConfigExtras {
  chatUrl?: unknown;
  freeDailyAnalyses?: unknown;
}

/** Base URL of the chat site ('' means this site). */
export function chatUrlOf(config: PublicConfig | undefined): string {
  const value = (config as unknown as ResearchConfigExtras | undefined)?.chatUrl;
  return typeof value === "string" ? value : "";
}

/** The chat site's /ask page. */
export function chatAskUrl(chatUrl: string): string {
  return `${chatUrl.trim().replace(/\/+$/, "")}/ask`;
}

/** The free tier's daily number of analyses, or null when the server does not say. */
export function freeDailyAnalysesOf(config: PublicConfig | undefined): number | null {
  const value = (config as unknown as ResearchConfigExtras | undefined)?.freeDailyAnalyses;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
