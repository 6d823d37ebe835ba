import { Link } from "react-router";
import { ArrowRight, Bell, ChartLine, FileText, Scale } from "lucide-react";
import { paths } from "../../../../contracts/paths";

const FEATURES = [
  {
    title: "AI-Powered Analysis",
    body: "Moving averages, volume, earnings growth and market trend are computed for every ticker and summed up in plain words.",
    Icon: ChartLine,
  },
  {
    title: "Clear Concise Reports",
    body: "One page per stock: the recommendation, the trade setup and the risks, without jargon walls.",
    Icon: FileText,
  },
  {
    title: "Customizable Alerts",
    body: "Keep a watch list of setups that are close to their buy point; a daily e-mail tells you when they are ready.",
    Icon: Bell,
    link: { to: paths.watchlist(), label: "Open your watch list" },
  },
  {
    title: "Level Playing Field",
    body: "Research methods once reserved for professionals, for individual investors at their own pace.",
    Icon: Scale,
  },
] as const;

export function FeatureCards() {
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="features-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        What you get
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, body, Icon, ...rest }) => (
          <li key={title} className="rounded-2xl border border-line bg-surface p-5 shadow-card">
            <span className="inline-flex h-10 w-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon aria-hidden="true" size={20} />
            </span>
            <h3 className="mt-4 font-semibold text-ink">{title}</h3>
            <p className="mt-2 text-sm text-muted">{body}</p>
            {"link" in rest ? (
              <Link
                to={rest.link.to}
                className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
              >
                {rest.link.label}
                <ArrowRight aria-hidden="true" size={14} />
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
