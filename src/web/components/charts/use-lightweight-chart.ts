import { useEffect, useState, type RefObject } from "react";
import type { IChartApi } from "lightweight-charts";
import type { ChartLibrary } from "./chart-series";
import { CHART_THEME } from "./chart-theme";

/**
 * Draws a lightweight-charts chart in `container` with the app's theme once the library has been
 * fetched (it is not in the first paint's code), and removes it when `draw` changes or the component
 * goes. `draw` adds the series: keep it stable (useCallback) so the chart is drawn again only when its
 * data changes; null draws nothing. True when the library could not be loaded.
 */
export function useLightweightChart(container: RefObject<HTMLElement | null>, draw: ((lc: ChartLibrary, chart: IChartApi) => void) | null): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element || !draw) return;
    let cancelled = false;
    let chart: IChartApi | null = null;
    import("lightweight-charts")
      .then((lc) => {
        if (cancelled) return;
        chart = lc.createChart(element, CHART_THEME);
        draw(lc, chart);
        chart.timeScale().fitContent();
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      chart?.remove();
      chart = null;
    };
  }, [container, draw]);
  return failed;
}
