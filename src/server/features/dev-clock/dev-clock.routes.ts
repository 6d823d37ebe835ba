import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoFromDayNumber, lastCompletedSession } from "../../../core/market/trading-calendar";
import type { AdjustableClock } from "../../dev-clock";

const clockSchema = z.object({ now: z.string(), session: z.string() });

/**
 * DEV_TEST_CLOCK only (config refuses it in production): GET /dev/clock, and POST /dev/clock/advance
 * { sessions } moves the server past the next close(s) and starts the daily refresh, as the
 * schedule would after a real close; the alerts follow the refresh.
 */
export async function devClockRoutes(app: FastifyInstance, deps: { clock: AdjustableClock; onAdvanced: () => Promise<void> }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get("/dev/clock", { schema: { hide: true, response: { 200: clockSchema } } }, async () => ({ now: deps.clock.now().toISOString(), session: isoFromDayNumber(lastCompletedSession(deps.clock.now())) }));
  typed.post(
    "/dev/clock/advance",
    { schema: { hide: true, body: z.object({ sessions: z.number().int().min(1).max(20) }).strict(), response: { 200: clockSchema } } },
    async (request) => {
      const session = deps.clock.advanceSessions(request.body.sessions);
      await deps.onAdvanced();
      return { now: deps.clock.now().toISOString(), session };
    },
  );
}
