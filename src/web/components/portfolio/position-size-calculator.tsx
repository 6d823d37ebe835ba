import { useId, type ReactNode } from "react";
import { positionSize, type Sizing } from "../../../core/portfolio/sizing";
import { formatPercent, formatPrice, formatVolume, isFiniteNumber } from "../../lib/format";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { cn } from "../../lib/cn";
import { sizingNumbers, useSizingSettings, type SizingSettings } from "./sizing-settings";

/** The calculator's answer for the stored settings and a report's buy point and stop; null when it has none. */
export function sizeFor(settings: SizingSettings, buyPoint: unknown, stop: unknown): Sizing | null {
  if (!isFiniteNumber(buyPoint) || !isFiniteNumber(stop)) return null;
  return positionSize({ ...sizingNumbers(settings), buyPoint, stop });
}

const NO_REPORT_LEVELS = "This report has no buy point under a stop to size a position from.";

function Answer({ size, account, hasLevels, noLevels }: { size: Sizing | null; account: number; hasLevels: boolean; noLevels: string }) {
  if (!hasLevels) return <>{noLevels}</>;
  if (!size) return <>Enter your account size and the share of it you risk on one trade.</>;
  return (
    <>
      Buy <strong className="text-ink">{formatVolume(size.shares)} shares</strong> for ${formatPrice(size.dollars)} (
      {formatPercent(size.dollars / account)} of the account). A close under the stop loses ${formatPrice(size.risk)}.
    </>
  );
}

/**
 * Position size by risk, under the report's trade setup: the account size and the % risked per trade
 * give the shares to buy at the buy point with the stop, their cost and their share of the account.
 * The two settings are remembered in this browser and prefill 'I bought this'.
 */
export function PositionSizeCalculator({
  buyPoint,
  stop,
  noLevels = NO_REPORT_LEVELS,
  children,
  className = "mt-4 border-t border-line pt-4",
}: {
  buyPoint: unknown;
  stop: unknown;
  /** What to say while there is no buy point above a stop (the report's wording by default). */
  noLevels?: string;
  /** Fields shown before the account's (the portfolio's own buy price and stop). */
  children?: ReactNode;
  /** The section's frame (a rule above it, under the report's trade setup, by default). */
  className?: string;
}) {
  const baseId = useId();
  const [settings, save] = useSizingSettings();
  const hasLevels = isFiniteNumber(buyPoint) && isFiniteNumber(stop) && stop < buyPoint;
  const size = sizeFor(settings, buyPoint, stop);
  return (
    <section aria-labelledby={`${baseId}-title`} data-testid="position-size-calculator" className={cn(className, "print:hidden")}>
      <h4 id={`${baseId}-title`} className="text-sm font-semibold text-ink">
        Position size
      </h4>
      <div className="mt-2 grid grid-cols-2 gap-3">
        {children}
        <div className="space-y-1">
          <Label htmlFor={`${baseId}-account`} className="text-sm">
            Account size ($)
          </Label>
          <Input
            id={`${baseId}-account`}
            data-testid="sizing-account"
            inputMode="decimal"
            autoComplete="off"
            placeholder="25,000"
            value={settings.account}
            onChange={(event) => {
              save({ ...settings, account: event.target.value });
            }}
            className="h-10"
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor={`${baseId}-risk`} className="text-sm">
            Risk per trade (%)
          </Label>
          <Input
            id={`${baseId}-risk`}
            data-testid="sizing-risk"
            inputMode="decimal"
            autoComplete="off"
            value={settings.riskPct}
            onChange={(event) => {
              save({ ...settings, riskPct: event.target.value });
            }}
            className="h-10"
          />
        </div>
      </div>
      <p data-testid="sizing-answer" aria-live="polite" className="mt-2 text-sm text-muted">
        <Answer size={size} account={sizingNumbers(settings).account} hasLevels={hasLevels} noLevels={noLevels} />
      </p>
    </section>
  );
}
