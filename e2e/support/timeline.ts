import type { Page } from "@playwright/test";

// The product's delays (docs/product.md: redirect 3 s after sign-up, status hidden after 2 s, ...) are measured with the
// browser's own clock: the page logs when a status line appears or goes and when the URL changes.
// Timing them from the test process instead adds Playwright's polling delay (up to a second on a busy
// CI machine) to one end of the interval and made the checks flaky.

type TimelineEvent = { kind: "status-shown" | "status-hidden" | "url"; value: string; at: number };

const STORAGE_KEY = "__e2eTimeline";

/** Starts the log; call before the page's first navigation. The log survives full page loads. */
export async function recordTimeline(page: Page): Promise<void> {
  await page.addInitScript((storageKey: string) => {
    const log: TimelineEvent[] = JSON.parse(sessionStorage.getItem(storageKey) ?? "[]");
    let lastHref = "";
    let shown = new Set<string>();
    const check = () => {
      const now = Date.now();
      let changed = false;
      if (location.href !== lastHref) {
        lastHref = location.href;
        log.push({ kind: "url", value: lastHref, at: now });
        changed = true;
      }
      const current = new Set<string>();
      document.querySelectorAll('[role="status"]').forEach((element) => {
        const text = element.textContent?.trim();
        if (text) current.add(text);
      });
      for (const text of current) {
        if (!shown.has(text)) {
          log.push({ kind: "status-shown", value: text, at: now });
          changed = true;
        }
      }
      for (const text of shown) {
        if (!current.has(text)) {
          log.push({ kind: "status-hidden", value: text, at: now });
          changed = true;
        }
      }
      shown = current;
      if (changed) sessionStorage.setItem(storageKey, JSON.stringify(log));
    };
    new MutationObserver(check).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    // Hash and history changes need not touch the DOM at once.
    addEventListener("hashchange", check);
    addEventListener("popstate", check);
    setInterval(check, 25);
    check();
  }, STORAGE_KEY);
}

async function readTimeline(page: Page): Promise<TimelineEvent[]> {
  return page.evaluate((storageKey) => JSON.parse(sessionStorage.getItem(storageKey) ?? "[]"), STORAGE_KEY);
}

function lastShown(events: TimelineEvent[], statusText: string): TimelineEvent {
  const shown = events.filter((event) => event.kind === "status-shown" && event.value.includes(statusText)).at(-1);
  if (!shown) throw new Error(`The status '${statusText}' never appeared: ${JSON.stringify(events)}`);
  return shown;
}

/** Waits for the URL to match, then returns how long after the status line last appeared it did. */
export async function msFromStatusToUrl(page: Page, statusText: string, pattern: RegExp): Promise<number> {
  await page.waitForURL(pattern, { timeout: 10_000 });
  const events = await readTimeline(page);
  const shown = lastShown(events, statusText);
  const reached = events.find((event) => event.kind === "url" && event.at >= shown.at && pattern.test(event.value));
  if (!reached) throw new Error(`No URL matching ${pattern} after '${statusText}': ${JSON.stringify(events)}`);
  return reached.at - shown.at;
}

/** Returns how long the status line stayed on screen the last time it appeared (call once it is hidden). */
export async function msStatusShown(page: Page, statusText: string): Promise<number> {
  const events = await readTimeline(page);
  const shown = lastShown(events, statusText);
  const hidden = events.find((event) => event.kind === "status-hidden" && event.at >= shown.at && event.value === shown.value);
  if (!hidden) throw new Error(`The status '${statusText}' is still shown: ${JSON.stringify(events)}`);
  return hidden.at - shown.at;
}
