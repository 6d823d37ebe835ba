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

/** Base URL of the chat site ('' means this site); '' until the server has answered. */
export function chatUrlOf(config: PublicConfig | undefined): string {
  return typeof config?.chatUrl === "string" ? config.chatUrl : "";
}

/** The chat site's /ask page. */
export function chatAskUrl(chatUrl: string): string {
  return `${chatUrl.trim().replace(/\/+$/, "")}/ask`;
}

/** The free tier's daily number of analyses, or null until the server has answered. */
export function freeDailyAnalysesOf(config: PublicConfig | undefined): number | null {
  return typeof config?.freeDailyAnalyses === "number" ? config.freeDailyAnalyses : null;
}
