/**
 * The colours of docs/product.md: green for good news, red for bad, yellow otherwise. Each rule reads the
 * server's text, so it works for engine output, LLM output and imported records alike.
 */
export type Tone = "green" | "red" | "yellow";

function text(value: unknown): string {
  return typeof value === "string" ? value.toLowerCase() : "";
}

/** Recommendation action: containing 'buy' green, 'sell' red, otherwise yellow. */
export function actionTone(action: unknown): Tone {
  const value = text(action);
  if (value.includes("buy")) return "green";
  if (value.includes("sell")) return "red";
  return "yellow";
}

/** Trend: containing 'Bullish' green, 'Bearish' red, otherwise yellow. */
export function trendTone(trend: unknown): Tone {
  const value = text(trend);
  if (value.includes("bullish")) return "green";
  if (value.includes("bearish")) return "red";
  return "yellow";
}

/** Market sentiment: bullish green, bearish red, otherwise yellow. */
export function sentimentTone(sentiment: unknown): Tone {
  return trendTone(sentiment);
}

/** Market trend: containing 'down' or 'Correction' red, containing 'up' green, otherwise yellow. */
export function marketTrendTone(trend: unknown): Tone {
  const value = text(trend);
  if (value.includes("down") || value.includes("correction")) return "red";
  if (value.includes("up")) return "green";
  return "yellow";
}

/** Text colour of a tone (AA contrast on white). */
export const toneText: Record<Tone, string> = {
  green: "text-success-700",
  red: "text-danger-700",
  yellow: "text-warning-800",
};

/** Badge colours of a tone. */
export const toneBadge: Record<Tone, string> = {
  green: "border-success-100 bg-success-50 text-success-800",
  red: "border-danger-100 bg-danger-50 text-danger-700",
  yellow: "border-warning-300 bg-warning-50 text-warning-800",
};
