import type { AnalysisReport } from "../core/analysis/analysis-report";
import { pivotDistance } from "../core/analysis/setup-quality";
import { NA, count, percent, price } from "../core/narrative/format";
import { terminalSafeDeep } from "../core/text/terminal-safe";

/**
 * Plain-text renderings of reports for the terminal; ANSI colours only when asked (a TTY). A report's
 * texts come from market-data providers and narrators, so every string is passed through
 * terminalSafe first: only the colours added here reach the terminal as escape sequences.
 */

const ANSI = { reset: "\x1b[0m", bold: "\x1b[1m", dim: "\x1b[2m", green: "\x1b[32m", yellow: "\x1b[33m", red: "\x1b[31m" };

export interface TextStyle {
  color: boolean;
}

function paint(text: string, codes: string[], style: TextStyle): string {
  return style.color ? `${codes.join("")}${text}${ANSI.reset}` : text;
}

function actionColor(action: string): string {
  return action.includes("BUY") ? ANSI.green : action.includes("SELL") ? ANSI.red : ANSI.yellow;
}

// The report texts' own number formats, so the figures printed here round as the sentences beside them.
const money = (value: number | string) => (typeof value === "number" ? price(value) : value);
const pct = (fraction: number | null) => (fraction === null ? NA : percent(fraction));

export function formatReport(untrusted: AnalysisReport, style: TextStyle): string {
  const report = terminalSafeDeep(untrusted);
  const s = report.stock_summary;
  const m = report.meta;
  const t = s.technical_analysis;
  const f = s.fundamental_analysis;
  const heading = (text: string) => paint(text, [ANSI.bold], style);
  const bullet = (items: string[]) => (items.length === 0 ? ["  N/A"] : items.map((item) => `  • ${item}`));
  const quarters = f.quarterly_eps_growth.map((g, k) => `Q${3 - k} ${pct(g)}`).join(", ") || "N/A";
  const own = s.institutional_ownership;
  const lines = [
    `${heading(`${s.ticker} — ${m.company.name}`)}  ${paint(s.recommendation.action, [ANSI.bold, actionColor(s.recommendation.action)], style)}`,
    paint(`${m.company.sector ?? "Sector N/A"} · ${m.company.industry ?? "Industry N/A"} · as of ${m.as_of} · ${m.demo ? "simulated demo data" : `data: ${m.data_source}`}`, [ANSI.dim], style),
    "",
    `Price ${money(s.current_metrics.price)}   Volume ${count(s.current_metrics.volume)}   52-week ${money(s.current_metrics.fifty_two_week.low)}–${money(s.current_metrics.fifty_two_week.high)} (${pct(typeof t.distance_from_52_week_high === "number" ? t.distance_from_52_week_high : null)} from high)`,
    `Buy point ${money(s.trade_setup.buy_point)}   Stop ${money(s.trade_setup.stop_loss)}   Target ${money(s.trade_setup.target_price)}   Setup ${s.trade_setup.setup_type}`,
    `EMA50 ${money(t.moving_averages.ema_50)}   EMA150 ${money(t.moving_averages.ema_150)}   EMA200 ${money(t.moving_averages.ema_200)}   RS rating ${m.rs_rating ?? "N/A"}`,
    "",
    heading("Why"),
    ...bullet(s.recommendation.triggers),
    heading("Risks"),
    ...bullet(s.recommendation.risk_factors),
    heading("Risk management"),
    `  ${s.recommendation.risk_management}`,
    "",
    heading("Technical"),
    `  Trend: ${t.trend}`,
    `  Setup: ${t.technical_setup}. ${t.technical_setup_trigger}`,
    `  Volatility: ${t.volatility_pattern}`,
    `  Volume: ${t.volume_analysis}`,
    heading("Trend Template"),
    ...m.trend_template.criteria.map((c) => `  ${c.passed ? paint("✓", [ANSI.green], style) : paint("✗", [ANSI.red], style)} ${c.label}`),
    heading("Fundamental"),
    `  Quarterly EPS growth: ${quarters}`,
    `  ${f.quarterly_eps_growth_trend}`,
    `  Annual: ${f.annual_growth_trend}`,
    `  Industry: ${f.industry_position}`,
    `  Sector: ${f.sector_performance}`,
    `  Institutional ownership: ${own.institutional_ownership === null ? "No ownership data available" : pct(own.institutional_ownership)}; ${own.institutional_ownership_trend ?? "No trend data available"}`,
    heading("Market"),
    `  ${s.market_analysis.market_trend} ${s.market_analysis.market_sentiment}`,
    heading("Risk assessment"),
    `  Market: ${s.risk_assessment.market_conditions}`,
    `  Technical: ${s.risk_assessment.technical_risks}`,
    `  Setup: ${s.risk_assessment.setup_risks}`,
  ];
  return `${lines.join("\n")}\n`;
}

/** The screen table: ticker, action, setup, RS rating, buy point, distance to the pivot. */
export function formatScreen(untrusted: AnalysisReport[], style: TextStyle): string {
  const reports = terminalSafeDeep(untrusted);
  const rows = reports.map((r) => {
    const s = r.stock_summary;
    const distance = pivotDistance(r);
    return [
      s.ticker,
      s.recommendation.action,
      s.technical_analysis.technical_setup,
      String(r.meta.rs_rating ?? "N/A"),
      money(s.trade_setup.buy_point),
      distance === null ? NA : `${distance >= 0 ? "+" : ""}${percent(distance)}`,
    ];
  });
  const header = ["Ticker", "Action", "Setup", "RS", "Buy point", "vs pivot"];
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((row) => row[k]!.length)));
  const line = (cells: string[]) => cells.map((cell, k) => (k >= 3 ? cell.padStart(widths[k]!) : cell.padEnd(widths[k]!))).join("  ");
  const counts = ["BUY", "WATCH", "SELL"].map((action) => `${reports.filter((r) => r.stock_summary.recommendation.action === action).length} ${action}`);
  const body = rows.map((row) => {
    const text = line(row);
    return style.color ? text.replace(row[1]!.padEnd(widths[1]!), paint(row[1]!.padEnd(widths[1]!), [actionColor(row[1]!)], style)) : text;
  });
  const demo = reports.some((r) => r.meta.demo) ? " — simulated demo data" : "";
  return `${paint(line(header), [ANSI.bold], style)}\n${body.join("\n")}\n\n${reports.length} stocks: ${counts.join(", ")}${demo}\n`;
}
