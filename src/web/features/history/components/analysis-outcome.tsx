import type { CallOutcome } from "../../../../contracts/track-record";
import { formatCalendarDate } from "../../../lib/format";
import { formatR, formatSignedPercent } from "../../../../core/narrative/track-record-words";

const EXIT_WORDS: Record<"stop" | "target" | "time", string> = { target: "Target hit", stop: "Stopped out", time: "Timed out" };

/**
 * How an analysis's call has done since it was made, in a few words: the trade's result when it
 * opened one, else the latest excess return over the benchmark (decision 029). Shown only to the
 * analysis's owner (the history is theirs).
 */
export function outcomeSentence(outcome: CallOutcome): string {
  const parts: string[] = [];
  if (outcome.exit) parts.push(`${EXIT_WORDS[outcome.exit.reason]} on ${formatCalendarDate(outcome.exit.date)}: ${formatR(outcome.r)}`);
  else if (outcome.entry) parts.push(`Bought ${formatCalendarDate(outcome.entry.date)}, open: ${formatR(outcome.r)} so far`);
  else if (outcome.status === "not-filled") parts.push("Price never came back into the buy range: no trade");
  const [horizon, excess] =
    outcome.excess.d126 !== null ? [126, outcome.excess.d126] : outcome.excess.d63 !== null ? [63, outcome.excess.d63] : outcome.excess.d21 !== null ? [21, outcome.excess.d21] : [null, null];
  if (horizon !== null) parts.push(`${formatSignedPercent(excess)} against the benchmark after ${horizon} sessions`);
  if (parts.length === 0) parts.push(outcome.sessions === 0 ? "Followed from the next session" : `${outcome.sessions} session${outcome.sessions === 1 ? "" : "s"} so far, too early to tell`);
  return parts.join(" · ");
}
