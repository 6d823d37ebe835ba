import { Popover } from "radix-ui";
import { ChevronDown, ScrollText, TrendingDown, TrendingUp } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { TRADING_RULES } from "../../../../contracts/trading-rules";

/** 'Trading Rules': a dropdown with the buy and sell rules of docs/product.md (the text the chat explains too). */
export function TradingRulesMenu({ className }: { className?: string }) {
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClasses({ variant: "secondary", className: cn("print:hidden", className) })}>
        <ScrollText aria-hidden="true" size={18} />
        Trading Rules
        <ChevronDown aria-hidden="true" size={16} className="text-muted" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Trading Rules"
          data-testid="trading-rules"
          className="z-[60] w-[min(26rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-4 text-sm shadow-card data-[state=open]:animate-pop-in"
        >
          <h2 className="flex items-center gap-2 font-semibold text-success-700">
            <TrendingUp aria-hidden="true" size={16} />
            {TRADING_RULES.buy.title}
          </h2>
          <ul data-testid="buy-rules" className="mt-2 list-disc space-y-1 pl-5 text-ink">
            {TRADING_RULES.buy.rules.map((rule) => (
              <li key={rule.id}>{rule.text}</li>
            ))}
          </ul>
          <h2 className="mt-4 flex items-center gap-2 font-semibold text-danger-700">
            <TrendingDown aria-hidden="true" size={16} />
            {TRADING_RULES.sell.title}
          </h2>
          <ul data-testid="sell-rules" className="mt-2 list-disc space-y-1 pl-5 text-ink">
            {TRADING_RULES.sell.rules.map((rule) => (
              <li key={rule.id}>{rule.text}</li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
