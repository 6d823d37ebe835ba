import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { buttonClasses } from "../../../components/ui/button";
import { paths } from "../../../../contracts/paths";

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-24 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Stock research for individual investors</p>
          <h1 id="hero-title" className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl lg:text-6xl">
            Simplify Investments
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted">
            Clear analyses with a buy, watch or sell call, a trade setup with buy point, stop loss and target, and the
            technical and fundamental picture behind it.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={paths.stocks()} className={buttonClasses({ size: "lg" })}>
              Try it now!
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
            <Link to={paths.buyList()} className={buttonClasses({ size: "lg", variant: "secondary" })}>
              See the lists
            </Link>
          </div>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}

/** A decorative price chart with buy point, stop and target lines. */
function HeroIllustration() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-line bg-surface p-5 shadow-card">
      <div className="flex items-baseline justify-between">
        <span className="text-sm font-semibold text-ink">Trade setup</span>
        <span className="rounded-full bg-success-50 px-2.5 py-0.5 text-xs font-bold text-success-700">BUY</span>
      </div>
      <svg viewBox="0 0 320 160" className="mt-4 h-auto w-full">
        <line x1="0" x2="320" y1="34" y2="34" stroke="#15803d" strokeDasharray="4 4" />
        <line x1="0" x2="320" y1="78" y2="78" stroke="#2553d9" strokeDasharray="4 4" />
        <line x1="0" x2="320" y1="122" y2="122" stroke="#dc2626" strokeDasharray="4 4" />
        <polyline
          fill="none"
          stroke="#1d41b0"
          strokeWidth="3"
          strokeLinejoin="round"
          strokeLinecap="round"
          points="0,130 30,118 60,124 90,104 120,110 150,96 180,100 210,84 240,88 270,66 300,58 320,46"
        />
        <text x="4" y="28" fontSize="10" fill="#15803d">Target</text>
        <text x="4" y="72" fontSize="10" fill="#1d41b0">Buy point</text>
        <text x="4" y="116" fontSize="10" fill="#b91c1c">Stop loss</text>
      </svg>
    </div>
  );
}
