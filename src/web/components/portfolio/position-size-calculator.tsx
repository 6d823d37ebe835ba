import { useId } from "react";
import { positionSize, type Sizing } from "../../../core/portfolio/sizing";
import { formatPercent, formatPrice, formatVolume, isFiniteNumber } from "../../lib/format";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { sizingNumbers, useSizingSettings, type SizingSettings } from "./sizing-settings";

/** The calculator's answer for the stored settings and a report's buy point and stop; null when it has none. */
export function sizeFor(settings: SizingSettings, buyPoint: unknown, stop: unknown): Sizing | null {
  if (!isFiniteNumber(buyPoint) || !isFiniteNumber(stop)) return null;
  return positionSize({ ...sizingNumbers(settings), buyPoint, stop });
}

function Answer({ size, account, hasLevels }: { size: Sizing | null; account: number; hasLevels: boolean }) {
  if (!hasLevels) return <>This report has no buy point under a stop to size a position from.</>;
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
export function PositionSizeCalculator({ buyPoint, stop }: { buyPoint: unknown; stop: unknown }) {
  const baseId = useId();
  const [settings, save] = useSizingSettings();
  const hasLevels = isFiniteNumber(buyPoint) && isFiniteNumber(stop) && stop < buyPoint;
  const size = sizeFor(settings, buyPoint, stop);
  return (
    <section aria-labelledby={`${baseId}-title`} data-testid="position-size-calculator" className="mt-4 border-t border-line pt-4 print:hidden">
      <h4 id={`${baseId}-title`} className="text-sm font-semibold text-ink">
        Position size
      </h4>
      <div className="mt-2 grid grid-cols-2 gap-3">
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
        <Answer size={size} account={sizingNumbers(settings).account} hasLevels={hasLevels} />
      </p>
    </section>
  );
}
