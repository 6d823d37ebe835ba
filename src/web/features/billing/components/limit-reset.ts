/**
 * When the free tier's daily limit resets, in words: the server counts analyses
 * per UTC day (docs/product.md), so the limit resets at the next 00:00 UTC, computed here from the
 * browser's clock.
 */

/** The next 00:00 UTC after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

/** A wait in hours and minutes, rounded up to the minute: '3 h 12 min', '45 min', '1 min', '24 h'. */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${String(rest)} min`;
  return rest === 0 ? `${String(hours)} h` : `${String(hours)} h ${String(rest)} min`;
}

/** 'You have used all 5 free analyses for today.' (or without a number when the server did not say). */
export function limitUsedSentence(dailyLimit: number | null): string {
  return dailyLimit === null
    ? "You have used up today's free analyses."
    : `You have used all ${String(dailyLimit)} free analyses for today.`;
}

/** 'The limit resets at 00:00 UTC — in 3 h 12 min.' */
export function limitResetSentence(now: Date): string {
  return `The limit resets at 00:00 UTC — in ${formatWait(nextUtcMidnight(now).getTime() - now.getTime())}.`;
}
