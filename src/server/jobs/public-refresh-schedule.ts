import { Cron } from "croner";
import type { Logger } from "../logger";
import type { PublicRefreshService } from "../features/public-recommendations/public-refresh.service";

/**
 * Keeps the public lists fresh: at start-up when they are empty or older than the last session,
 * and on the cron pattern (New York time, after the US close). The service's run claim makes one
 * run per trading day when several instances share a database; every instance works on its jobs.
 */
export function schedulePublicRefresh(
  service: PublicRefreshService,
  pattern: string,
  log: Logger,
): { stop(): void } {
  const run = async (reason: string) => {
    try {
      const result = await service.refresh({ wait: false });
      if (result.ran) log.info({ reason, runId: result.runId }, "public lists: refresh queued");
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
