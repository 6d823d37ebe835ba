import { BookOpenCheck, Cpu, Database, Eye, Gauge, MessageSquareText, Server, ShieldCheck } from "lucide-react";

const REASONS = [
  {
    title: "Rules you can check",
    body: "Every call comes from published methods, not a black box: each report lists the triggers, the risks and the Trend Template checks it passed or failed.",
    Icon: BookOpenCheck,
  },
  {
    title: "A plan, not only an opinion",
    body: "Each analysis ends in a trade setup: a buy point, a stop loss and a target, so you know where you are wrong before you buy.",
    Icon: Gauge,
  },
  {
    title: "Honest about its data",
    body: "Reports built on the simulated demo market say so on every page. Missing figures show as N/A instead of being guessed.",
    Icon: Eye,
  },
  {
    title: "Yours to run",
    body: "Quanta is self-hostable: your analyses, accounts and messages stay in your own database on your own server.",
    Icon: ShieldCheck,
  },
] as const;

const TECHNOLOGY = [
  {
    title: "A deterministic rules engine",
    body: "The recommendation is computed, not generated: Minervini's Trend Template, volatility contraction patterns (VCP) and CAN SLIM criteria on moving averages, volume, earnings growth and the market trend. The same data always gives the same call.",
    Icon: Cpu,
  },
  {
    title: "Market data providers",
    body: "Prices and fundamentals come through a provider adapter. Today that is the built-in demo market: simulated, and labelled as such in every report; adapters for real market data plug in behind the same interface.",
    Icon: Database,
  },
  {
    title: "Optional LLM narration",
    body: "The report's sentences are written from the engine's facts. An operator may let a language model rephrase them; it never changes the numbers or the call.",
    Icon: MessageSquareText,
  },
  {
    title: "A small, open stack",
    body: "A TypeScript server with PostgreSQL (or embedded PGlite) and a React app, with public lists refreshed on a schedule.",
    Icon: Server,
  },
] as const;

type Item = { title: string; body: string; Icon: typeof Cpu };

function ItemGrid({ items }: { items: readonly Item[] }) {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2">
      {items.map(({ title, body, Icon }) => (
        <li key={title} className="flex gap-4 rounded-2xl border border-line bg-surface p-5 shadow-card">
          <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" size={20} />
          </span>
          <div>
            <h3 className="font-semibold text-ink">{title}</h3>
            <p className="mt-1.5 text-sm text-muted">{body}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function WhyChooseUs() {
  return (
    <section id="why-us" aria-labelledby="why-us-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="why-us-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Why choose us
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        Research that shows its work, so you can decide for yourself.
      </p>
      <ItemGrid items={REASONS} />
    </section>
  );
}

export function TechnologySection() {
  return (
    <section id="technology" aria-labelledby="technology-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="technology-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        Technology
      </h2>
      <p className="mt-2 max-w-2xl text-muted">What really powers Quanta.</p>
      <ItemGrid items={TECHNOLOGY} />
    </section>
  );
}
