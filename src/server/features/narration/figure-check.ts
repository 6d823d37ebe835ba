/**
 * The guard against a narrator that changes or invents figures: every number written in the LLM's
 * text must be one the engine's report already holds, in any of its usual spellings. Simple on
 * purpose: a figure passes when some number of the report, possibly as a percentage (0.042 → 4.2)
 * or in thousands/millions/billions when the text says so, rounds to it at the decimals written
 * ('182' and '182.4' both stand for 182.37). Signs are not compared. Periods and counts the method
 * itself names (50/150/200-day, 52-week, 25 sessions, small counts) always pass.
 */

export interface WrittenFigure {
  /** As written, e.g. '1,234.5' or '2.3 million'. */
  text: string;
  value: number;
  decimals: number;
  /** 1, or 1e3 / 1e6 / 1e9 when followed by thousand(s)/k, million/m, billion/bn. */
  scale: number;
}

const FIGURE = /(\d+(?:,\d{3})*(?:\.\d+)?)(?:\s*(thousand|million|billion|mn|bn|k|m|b)\b)?/gi;

const SCALES: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9 };

/** Integers any narration may use without the report holding them. */
const TRIVIAL = new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 20, 25, 50, 52, 100, 150, 200]);

/** The numbers written in a text, in order (dates give their parts: 2026-11-20 → 2026, 11, 20). */
export function figuresIn(text: string): WrittenFigure[] {
  const figures: WrittenFigure[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const digits = match[1]!.replaceAll(",", "");
    const unit = match[2]?.toLowerCase();
    figures.push({
      text: match[0],
      value: Number(digits),
      decimals: digits.includes(".") ? digits.length - digits.indexOf(".") - 1 : 0,
      scale: unit ? SCALES[unit]! : 1,
    });
  }
  return figures;
}

/** Every number of a report, as magnitudes: its numeric fields and the figures of its texts. */
export function reportNumbers(report: unknown): number[] {
  const numbers: number[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === "number") {
      if (Number.isFinite(value)) numbers.push(Math.abs(value));
    } else if (typeof value === "string") {
      for (const figure of figuresIn(value)) numbers.push(figure.value * figure.scale);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value !== null && typeof value === "object") {
      Object.values(value).forEach(visit);
    }
  };
  visit(report);
  return numbers;
}

function supports(figure: WrittenFigure, reference: number): boolean {
  const factor = 10 ** figure.decimals;
  const written = Math.round(figure.value * factor);
  return [reference, reference * 100].some((candidate) => Math.round((candidate / figure.scale) * factor) === written);
}

/** The figures of `texts` that no number of the report supports (empty when the text is clean). */
export function unsupportedFigures(texts: string[], reference: number[]): string[] {
  const unsupported: string[] = [];
  for (const text of texts) {
    for (const figure of figuresIn(text)) {
      if (figure.scale === 1 && figure.decimals === 0 && TRIVIAL.has(figure.value)) continue;
      if (!reference.some((number) => supports(figure, number))) unsupported.push(figure.text);
    }
  }
  return unsupported;
}
