import { useState } from "react";
import { Link } from "react-router";
import { BriefcaseBusiness } from "lucide-react";
import { paths } from "../../../../contracts/paths";
import type { Portfolio, Position } from "../../../../contracts/portfolio";
import { Page } from "../../../components/layout/page";
import { formatMoney } from "../../../components/portfolio/portfolio-format";
import { sizingNumbers, useSizingSettings } from "../../../components/portfolio/sizing-settings";
import { Banner } from "../../../components/ui/banner";
import { Card } from "../../../components/ui/card";
import { PageSpinner } from "../../../components/ui/spinner";
import { VerifyEmailCard } from "../../../components/verify-email-card";
import { useAuth } from "../../../lib/auth-context";
import { cn } from "../../../lib/cn";
import { formatCalendarDate, formatPercent } from "../../../lib/format";
import { usePortfolio, usePositions } from "../api/use-portfolio";
import { plTone, summarise } from "../portfolio-format";
import { AddPositionButton } from "./add-position-form";
import { ImportTransactions } from "./import-transactions";
import { PositionDialog } from "./position-dialog";
import { PositionCard, PositionTableRow } from "./position-row";
import { PortfolioValueChart } from "./value-chart";
import { PortfolioSizing } from "./portfolio-sizing";

const LEAD = "What you hold, valued at the last daily close: profit and loss, the risk to your stops, and an alert when a holding closes under your stop.";

function EmptyState() {
  return (
    <Card data-testid="portfolio-empty" className="space-y-3">
      <BriefcaseBusiness aria-hidden="true" size={28} className="text-brand-700" />
      <h2 className="text-lg font-semibold text-ink">No positions yet</h2>
      <p className="text-muted">
        Press <strong className="text-ink">I bought this</strong> on a stock's report after you buy it: the buy point, the stop and the
        shares from the position-size calculator are filled in for you. Or add a position by hand, or import your broker's trades as a
        CSV below.
      </p>
      <p className="text-muted">
        Find a stock on the{" "}
        <Link to={paths.buyList()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          buy list
        </Link>{" "}
        or the{" "}
        <Link to={paths.screener()} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          screener
        </Link>
        .
      </p>
    </Card>
  );
}

function Total({ label, value, note, tone, testId }: { label: string; value: string; note?: string; tone?: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd data-testid={testId} className={cn("mt-0.5 text-lg font-bold text-ink tabular-nums", tone)}>
        {value}
        {note ? <span className="block text-sm font-normal">{note}</span> : null}
      </dd>
    </div>
  );
}

function Totals({ portfolio, positions }: { portfolio: Portfolio; positions: Position[] }) {
  const [settings] = useSizingSettings();
  const summary = summarise(portfolio, positions, sizingNumbers(settings).account);
  const { totals } = portfolio;
  return (
    <Card className="space-y-3 p-4 sm:p-6" data-testid="portfolio-totals">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-5">
        <Total label="Value" value={formatMoney(totals.value)} testId="total-value" />
        <Total label="Cost" value={formatMoney(totals.cost)} testId="total-cost" />
        <Total label="Unrealised P/L" value={formatMoney(totals.unrealised_pl)} note={formatPercent(summary.unrealisedPct)} tone={plTone(totals.unrealised_pl)} testId="total-unrealised" />
        <Total label="Realised P/L" value={formatMoney(totals.realised_pl)} note={formatPercent(summary.realisedPct)} tone={plTone(totals.realised_pl)} testId="total-realised" />
        <Total
          label="Open risk"
          value={formatMoney(totals.open_risk)}
          note={summary.heat === null ? "Set your account size in the position-size calculator below to see the heat." : `Heat: ${formatPercent(summary.heat)} of the account`}
          testId="total-open-risk"
        />
      </dl>
      {summary.withoutStop.length > 0 ? (
        <p data-testid="portfolio-no-stop" className="text-sm text-warning-800">
          No stop on {summary.withoutStop.join(", ")}: {summary.withoutStop.length === 1 ? "its" : "their"} risk is not counted. Set a stop with Manage.
        </p>
      ) : null}
      <p className="text-xs text-muted">Values at the close of {formatCalendarDate(portfolio.as_of)}.</p>
    </Card>
  );
}

function PositionsList({ portfolio, onOpen }: { portfolio: Portfolio; onOpen: (id: string) => void }) {
  const head = "px-3 py-2 text-right font-semibold";
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-line bg-surface shadow-card sm:block">
        <table data-testid="positions-table" className="w-full text-sm">
          <caption className="sr-only">Open positions</caption>
          <thead className="bg-canvas text-xs text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold">Ticker</th>
              <th scope="col" className={head}>Shares</th>
              <th scope="col" className={head}>Avg cost</th>
              <th scope="col" className={head}>Last close</th>
              <th scope="col" className={head}>Value</th>
              <th scope="col" className={head}>Unrealised</th>
              <th scope="col" className={head}>Stop</th>
              <th scope="col" className={head}>R</th>
              <th scope="col" className={head}>Open risk</th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">Alerts</th>
              <th scope="col" className={head}><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {portfolio.positions.map((position) => (
              <PositionTableRow key={position.id} position={position} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="Open positions" className="space-y-3 sm:hidden">
        {portfolio.positions.map((position) => (
          <PositionCard key={position.id} position={position} onOpen={onOpen} />
        ))}
      </ul>
    </>
  );
}

function PortfolioBody() {
  const portfolio = usePortfolio();
  const positions = usePositions();
  const [openId, setOpenId] = useState<string | null>(null);
  if (portfolio.isPending || positions.isPending) return <PageSpinner label="Loading your portfolio…" />;
  if (portfolio.isError) return <Banner tone="error">{portfolio.error.message}</Banner>;
  if (positions.isError) return <Banner tone="error">{positions.error.message}</Banner>;
  const all = positions.data.positions;
  const open = all.find((position) => position.id === openId) ?? null;
  return (
    <div className="space-y-6">
      {portfolio.data.positions.length === 0 && all.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <Totals portfolio={portfolio.data} positions={all} />
          <PortfolioValueChart />
          {portfolio.data.positions.length > 0 ? <PositionsList portfolio={portfolio.data} onOpen={setOpenId} /> : <p className="text-muted">No open positions.</p>}
        </>
      )}
      <PortfolioSizing />
      <ImportTransactions />
      <PositionDialog position={open} onClose={() => setOpenId(null)} />
    </div>
  );
}

/** /portfolio: the verified user's positions, their totals and risk, and the transactions import and export. */
export function PortfolioView() {
  const { user } = useAuth();
  if (!user) return null;
  if (!user.emailVerified) {
    return (
      <Page title="Portfolio" description={LEAD}>
        <VerifyEmailCard id="portfolio-verify-title" title="Verify your e-mail first" message="Please verify your email to keep a portfolio and get its alerts." email={user.email} className="max-w-xl" />
      </Page>
    );
  }
  return (
    <Page title="Portfolio" description={LEAD} actions={<AddPositionButton />}>
      <PortfolioBody />
    </Page>
  );
}
