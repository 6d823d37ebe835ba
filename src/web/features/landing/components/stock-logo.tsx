import { useState } from "react";
import { cn } from "../../../lib/cn";
import { logoUrl } from "../api/logo-api";

type LogoState = "loading" | "found" | "missing";

/** The ticker's logo from /api/logos/{T}: a placeholder while it loads, 'No logo' when there is none (docs/product.md). */
export function StockLogo({ ticker, className }: { ticker: string; className?: string }) {
  const [state, setState] = useState<LogoState>("loading");
  return (
    <span
      data-testid="stock-logo"
      data-state={state}
      className={cn(
        "relative inline-flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-canvas",
        state === "loading" && "animate-pulse",
        className,
      )}
    >
      {state === "missing" ? (
        <span className="px-1 text-center text-[10px] leading-tight font-medium text-muted">No logo</span>
      ) : (
        <img
          src={logoUrl(ticker)}
          alt={`${ticker} logo`}
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          onLoad={() => {
            setState("found");
          }}
          onError={() => {
            setState("missing");
          }}
          className={cn("h-full w-full object-contain", state === "loading" && "opacity-0")}
        />
      )}
    </span>
  );
}
