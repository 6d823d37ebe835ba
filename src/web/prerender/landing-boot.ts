/**
 * The only script the pre-rendered landing page loads before the visitor does anything (a few
 * hundred bytes, no React). The page is already painted and readable; this loads the app (the
 * entry named by the script tag's `data-app-entry`, which hydrates the page) on the first sign
 * that the visitor wants more than to read:
 * - any interaction: pointer, touch, wheel, scroll, keyboard, focus;
 * - an interactive part of the page (the lists, the contact form, the demo video) in the viewport;
 * - otherwise, once the page has been loaded and idle for IDLE_LOAD_DELAY_MS, so a visitor who only
 *   reads still gets the live lists and the signed-in header.
 * A button click or a form submit made before the app is ready is held and replayed once it is.
 */
import { HYDRATED_EVENT } from "./landing-events";

const HYDRATE_NEAR_SELECTORS = ["#buy-list", "#contact", "[data-hydrate-near]"] as const;
export const IDLE_LOAD_DELAY_MS = 3000;
const INTERACTION_EVENTS = ["pointerdown", "touchstart", "keydown", "wheel", "scroll", "mousemove", "focusin"] as const;

export interface LandingBoot {
  /** Starts loading the app (once). */
  load: () => void;
  /** True once the app has hydrated the page. */
  hydrated: () => boolean;
}

/** The window, with IntersectionObserver optional (old browsers, tests). */
export type BootWindow = Window & { IntersectionObserver?: typeof IntersectionObserver };

export function startLandingBoot(win: BootWindow, importApp: () => Promise<unknown>): LandingBoot {
  const doc = win.document;
  let started = false;
  let done = false;
  let heldClick: HTMLElement | null = null;
  let heldSubmit: HTMLFormElement | null = null;
  let observer: IntersectionObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const stopListening = () => {
    for (const type of INTERACTION_EVENTS) win.removeEventListener(type, load, { capture: true });
    observer?.disconnect();
    clearTimeout(timer);
  };

  function load() {
    if (started) return;
    started = true;
    stopListening();
    importApp().catch(() => {
      // The app did not load (offline, a new deployment): the page stays readable and its links work;
      // the next interaction tries again.
      started = false;
      for (const type of INTERACTION_EVENTS) win.addEventListener(type, load, { capture: true, passive: true, once: true });
    });
  }

  // Before hydration a button does nothing and a form would submit natively: hold them.
  doc.addEventListener(
    "click",
    (event) => {
      if (done) return;
      const target = event.target instanceof Element ? event.target.closest("button") : null;
      if (!target || target.type === "submit") return;
      event.preventDefault();
      heldClick = target;
      load();
    },
    { capture: true },
  );
  doc.addEventListener(
    "submit",
    (event) => {
      if (done) return;
      event.preventDefault();
      if (event.target instanceof HTMLFormElement) heldSubmit = event.target;
      load();
    },
    { capture: true },
  );
  win.addEventListener(
    HYDRATED_EVENT,
    () => {
      done = true;
      announceTypedText(doc);
      const click = heldClick;
      const form = heldSubmit;
      heldClick = null;
      heldSubmit = null;
      // After the re-render the typed text caused, so the handlers see it.
      setTimeout(() => {
        if (click?.isConnected) click.click();
        if (form?.isConnected) form.requestSubmit();
      }, 0);
    },
    { once: true },
  );

  for (const type of INTERACTION_EVENTS) win.addEventListener(type, load, { capture: true, passive: true });
  const Observer = win.IntersectionObserver;
  if (typeof Observer === "function") {
    const watcher = new Observer(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      // In view, not merely near: below the fold, the visitor's scroll is the signal.
      { rootMargin: "0px" },
    );
    observer = watcher;
    for (const selector of HYDRATE_NEAR_SELECTORS) {
      for (const element of doc.querySelectorAll(selector)) watcher.observe(element);
    }
  } else {
    load();
  }
  const loadWhenIdle = () => {
    timer = setTimeout(load, IDLE_LOAD_DELAY_MS);
  };
  if (doc.readyState === "complete") loadWhenIdle();
  else win.addEventListener("load", loadWhenIdle, { once: true });
  return { load, hydrated: () => done };
}

/**
 * Text typed into a field before hydration is in the DOM but not in React's state (a controlled
 * input's onChange never ran). Announce it as an input event React sees as a change: set the old
 * value through React's tracked setter, the typed one through the element's own, then dispatch.
 */
function announceTypedText(doc: Document): void {
  for (const field of doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")) {
    if (field instanceof HTMLInputElement && ["checkbox", "radio", "file", "hidden", "submit", "button"].includes(field.type)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const ownSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
    if (!ownSetter) continue;
    field.value = field.defaultValue;
    ownSetter.call(field, typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}
