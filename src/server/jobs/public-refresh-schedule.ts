import { Cron } from "croner";
import type { Logger } from "../logger";
import type { PublicRecommendationsService } from "../features/public-recommendations/public-recommendations.service";

/**
 * Keeps the public lists fresh: at start-up when they are empty or older than the last session,
 * and on the cron pattern (New York time, after the US close). The service's run claim makes one
 * instance do each run when several share a database.
 */
export function schedulePublicRefresh(
  service: PublicRecommendationsService,
  pattern: string,
  log: Logger,
): { stop(): void } {
  const run = async (reason: string) => {
    try {
      const result = await service.refresh();
      if (result.ran) log.info({ reason, analysed: result.analysed, failed: result.failed }, "public lists refreshed");
    } catch (error) {
      log.error({ err: error, reason }, "public lists refresh failed");
    }
  };
  void (async () => {
    if (await service.isStale()) await run("start-up: the lists are empty or stale");
  })();
  const job = new Cron(pattern, { timezone: "America/New_York", protect: true }, () => run("schedule"));
  return { stop: () => job.stop() };
}
