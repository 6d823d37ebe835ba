import { useCallback, useSyncExternalStore } from "react";

/**
 * The position-size calculator's two settings (account size in $, risk per trade in %), kept in
 * this browser's localStorage so every report and /portfolio (heat) use the same ones. Text, as typed:
 * the fields keep what the user wrote; `sizingNumbers` reads them.
 */

const STORAGE_KEY = "quanta.sizing";
const CHANGE_EVENT = "quanta-sizing-change";

export interface SizingSettings {
  account: string;
  riskPct: string;
}

const DEFAULTS: SizingSettings = { account: "", riskPct: "1" };

// Where blocked storage (private mode, policies) leaves the settings: they last until the page reloads.
let memory = "";

function read(): string {
  try {
    return window.localStorage.getItem(STORAGE_KEY) ?? "";
  } catch {
    return memory;
  }
}

function parse(raw: string): SizingSettings {
  if (raw === "") return DEFAULTS;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return DEFAULTS;
    const record = value as Record<string, unknown>;
    return {
      account: typeof record.account === "string" ? record.account : DEFAULTS.account,
      riskPct: typeof record.riskPct === "string" ? record.riskPct : DEFAULTS.riskPct,
    };
  } catch {
    return DEFAULTS;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** A number typed by a person ('25,000', '$25000', '1.5'); NaN when it is not one. */
export function typedNumber(text: string): number {
  const trimmed = text.trim().replace(/^\$/, "").replace(/,/g, "").replace(/%$/, "").trim();
  return /^\d+(\.\d+)?$|^\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The settings as numbers: the account in $ and the risk in % (1 = 1%); NaN where not typed. */
export function sizingNumbers(settings: SizingSettings): { account: number; riskPct: number } {
  return { account: typedNumber(settings.account), riskPct: typedNumber(settings.riskPct) };
}

/** The stored settings and a setter that stores them and tells every other reader on the page. */
export function useSizingSettings(): [SizingSettings, (next: SizingSettings) => void] {
  const raw = useSyncExternalStore(subscribe, read, () => "");
  const settings = parse(raw);
  const save = useCallback((next: SizingSettings) => {
    memory = JSON.stringify(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, memory);
    } catch {
      // Not stored: the settings live in `memory` until the page reloads.
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [settings, save];
}
