/**
 * Demo tickers the hints name on the demo market, where real tickers (NVDA, MSFT) are not listed. The
 * same two the server's unknown-ticker answer suggests first.
 */
export const DEMO_EXAMPLE_TICKERS = ["NWSC", "QBIT"] as const;

/** 'A ticker such as NVDA or MSFT.' elsewhere; demo tickers on the demo market. */
export function exampleTickers(demo: boolean): readonly [string, string] {
  return demo ? DEMO_EXAMPLE_TICKERS : ["NVDA", "MSFT"];
}
