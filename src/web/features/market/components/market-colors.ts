import type { MarketResponse } from "../../../../contracts/market";

type MarketState = NonNullable<MarketResponse["state"]>;

/** One colour per market state, always next to a text label (colour is never the only cue). */
export const STATE_STYLES: Record<MarketState, { cell: string; badge: string }> = {
  "Confirmed uptrend": { cell: "bg-success-600", badge: "border-success-100 bg-success-50 text-success-800" },
  "Uptrend under pressure": { cell: "bg-warning-300", badge: "border-warning-300 bg-warning-50 text-warning-800" },
  Correction: { cell: "bg-danger-600", badge: "border-danger-100 bg-danger-50 text-danger-800" },
};
