import { useContext, useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { BriefcaseBusiness } from "lucide-react";
import { paths } from "../../../contracts/paths";
import { AuthContext } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { isFiniteNumber } from "../../lib/format";
import { portfolioKeys } from "../../lib/query-keys";
import { buttonClasses, type ButtonSize } from "../ui/button";
import { Dialog, DialogContent } from "../ui/dialog";
import { formatShares } from "./portfolio-format";
import { sizeFor } from "./position-size-calculator";
import { useSizingSettings } from "./sizing-settings";
import { TradeForm, type TradeFormResult } from "./trade-form";

/** The report's trade setup the buy follows: stored with the position as its plan. */
export interface BoughtPlan {
  asOf: unknown;
  buyPoint: unknown;
  stop: unknown;
  target: unknown;
}

// The fetchers parse with zod, which stays out of the landing page's first paint (decision 008).
const portfolioApi = () => import("../../lib/portfolio-api");

function priceOrNull(value: unknown): number | null {
  return isFiniteNumber(value) && value > 0 ? value : null;
}

function planOf(plan: BoughtPlan) {
  if (typeof plan.asOf !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(plan.asOf)) return null;
  return { as_of: plan.asOf, buy_point: priceOrNull(plan.buyPoint), stop: priceOrNull(plan.stop), target: priceOrNull(plan.target) };
}

function BoughtDialogBody({ ticker, plan, onDone }: { ticker: string; plan: BoughtPlan; onDone: (shares: number) => void }) {
  const queryClient = useQueryClient();
  const [settings] = useSizingSettings();
  const size = sizeFor(settings, plan.buyPoint, plan.stop);
  const buyPoint = priceOrNull(plan.buyPoint);
  const stop = priceOrNull(plan.stop);
  const submit = async (trade: TradeFormResult) => {
    const api = await portfolioApi();
    await api.createPosition({
      ticker,
      date: trade.date,
      shares: trade.shares,
      price: trade.price,
      fees: trade.fees,
      stop: trade.stop,
      source: "report",
      plan: planOf(plan),
    });
    await queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
    onDone(trade.shares);
  };
  return (
    <TradeForm
      testId="bought-form"
      fields={["date", "shares", "price", "fees", "stop"]}
      initial={{
        shares: size && size.shares > 0 ? String(size.shares) : "",
        price: buyPoint === null ? "" : buyPoint.toFixed(2),
        stop: stop === null ? "" : stop.toFixed(2),
      }}
      note={
        buyPoint === null
          ? "Enter what you paid and where your stop is."
          : "Prefilled from the report's buy point and stop, and the shares from the position-size calculator. Change them to what you actually did."
      }
      submitLabel="Add to portfolio"
      busyLabel="Adding…"
      onSubmit={submit}
    />
  );
}

/**
 * 'I bought this' beside 'Watch' on a report, for verified users: records the buy as a position in
 * the portfolio, prefilled from the report's trade setup and the position-size calculator.
 */
export function BoughtButton({ ticker: rawTicker, plan, size = "sm", className }: { ticker: string; plan: BoughtPlan; size?: ButtonSize; className?: string }) {
  const auth = useContext(AuthContext);
  const [open, setOpen] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const ticker = rawTicker.trim().toUpperCase();
  if (ticker === "" || auth?.user?.emailVerified !== true) return null;
  return (
    <span className={cn("inline-flex max-w-full flex-col items-start gap-1 print:hidden", className)}>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) setAdded(null);
        }}
      >
        <button type="button" data-testid="bought-button" className={buttonClasses({ size, variant: "secondary" })} onClick={() => setOpen(true)}>
          <BriefcaseBusiness aria-hidden="true" size={16} />I bought this<span className="sr-only"> ({ticker})</span>
        </button>
        <DialogContent title={`I bought ${ticker}`} description="Add this buy to your portfolio to follow its value, risk and stop.">
          <BoughtDialogBody
            ticker={ticker}
            plan={plan}
            onDone={(shares) => {
              setAdded(shares);
              setOpen(false);
            }}
          />
        </DialogContent>
      </Dialog>
      {added !== null ? (
        <span role="status" data-testid="bought-added" className="max-w-xs text-xs font-medium whitespace-normal text-success-700">
          Added {formatShares(added)} shares to your{" "}
          <Link to={paths.portfolio()} className="underline underline-offset-2">
            portfolio
          </Link>
          .
        </span>
      ) : null}
    </span>
  );
}
