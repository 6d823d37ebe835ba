import { useId, useState } from "react";
import { PositionSizeCalculator } from "../../../components/portfolio/position-size-calculator";
import { typedNumber } from "../../../components/portfolio/sizing-settings";
import { Card } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";

function PriceField({ id, label, value, onChange, testId }: { id: string; label: string; value: string; onChange: (value: string) => void; testId: string }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-sm">
        {label}
      </Label>
      <Input id={id} data-testid={testId} inputMode="decimal" autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} className="h-10" />
    </div>
  );
}

/**
 * The position-size calculator on /portfolio: the user's own buy price and stop (a trade not from a
 * report), with the account size and risk the reports' calculators share, which also give the heat.
 */
export function PortfolioSizing() {
  const baseId = useId();
  const [buy, setBuy] = useState("");
  const [stop, setStop] = useState("");
  const buyPoint = typedNumber(buy);
  const stopLevel = typedNumber(stop);
  return (
    <Card className="p-4 sm:p-6" data-testid="portfolio-sizing">
      <PositionSizeCalculator buyPoint={buyPoint} stop={stopLevel} noLevels="Enter a buy price and a stop under it to size a position." className="">
        <PriceField id={`${baseId}-buy`} label="Buy price ($)" value={buy} onChange={setBuy} testId="sizing-buy" />
        <PriceField id={`${baseId}-stop`} label="Stop ($)" value={stop} onChange={setStop} testId="sizing-stop" />
      </PositionSizeCalculator>
    </Card>
  );
}
