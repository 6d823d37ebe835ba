import type { WatchSnapshot } from "./watch-snapshot";

/** A watched stock's snapshot for tests: ACME in a VCP base under its 50 pivot, with `fields` over it. */
export function watchSnapshotOf(session: string, fields: Partial<WatchSnapshot> = {}): WatchSnapshot {
  return {
    ticker: "ACME",
    session,
    action: "WATCH",
    company: "Acme Corp",
    close: 48,
    buyPoint: 50,
    stop: 46,
    target: 60,
    extended: false,
    setup: "VCP",
    baseType: "VCP",
    baseStart: "2026-01-12",
    pivot: 50,
    breakoutDate: null,
    demo: false,
    ...fields,
  };
}
