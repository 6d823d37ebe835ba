// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_LOAD_DELAY_MS, startLandingBoot } from "./landing-boot";
import { HYDRATED_EVENT } from "./landing-events";

// jsdom has no IntersectionObserver: give the boot one whose callbacks the tests trigger.
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  constructor(public callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.observed = [];
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeObserver.instances = [];
});

afterEach(() => {
  vi.useRealTimers();
});

function boot() {
  const importApp = vi.fn(() => Promise.resolve());
  // A fresh document and window-like target per test, so listeners of earlier tests do not fire.
  const doc = document.implementation.createHTMLDocument("landing");
  doc.body.innerHTML = `
    <section id="buy-list"><button type="button" id="tab">Stocks to watch</button></section>
    <form id="contact"><input name="name" /><button type="submit">Submit</button></form>`;
  const win = Object.assign(new EventTarget(), { document: doc, IntersectionObserver: FakeObserver }) as unknown as Window;
  const handle = startLandingBoot(win, importApp);
  return { importApp, win, handle, doc };
}

describe("startLandingBoot", () => {
  it("loads nothing until the visitor interacts, then loads the app once", () => {
    const { importApp, win } = boot();
    expect(importApp).not.toHaveBeenCalled();
    win.dispatchEvent(new Event("pointerdown"));
    win.dispatchEvent(new Event("keydown"));
    win.dispatchEvent(new Event("scroll"));
    expect(importApp).toHaveBeenCalledTimes(1);
  });

  it("loads the app when an interactive section comes near the viewport", () => {
    const { importApp } = boot();
    const observer = FakeObserver.instances[0]!;
    expect(observer.observed.map((element) => element.id)).toEqual(["buy-list", "contact"]);
    observer.callback([{ isIntersecting: false }]);
    expect(importApp).not.toHaveBeenCalled();
    observer.callback([{ isIntersecting: true }]);
    expect(importApp).toHaveBeenCalledTimes(1);
  });

  it("loads the app after the page has been idle for a while", () => {
    const { importApp, win, doc } = boot();
    // The timer starts at the window's load event (a document made here is never 'complete').
    expect(doc.readyState).not.toBe("complete");
    vi.advanceTimersByTime(IDLE_LOAD_DELAY_MS * 2);
    expect(importApp).not.toHaveBeenCalled();
    win.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(IDLE_LOAD_DELAY_MS - 1);
    expect(importApp).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(importApp).toHaveBeenCalledTimes(1);
  });

  it("holds a button click made before hydration and replays it afterwards", () => {
    const { importApp, win, handle, doc } = boot();
    const tab = doc.getElementById("tab")!;
    const clicks = vi.fn();
    tab.addEventListener("click", clicks);
    tab.click();
    expect(importApp).toHaveBeenCalledTimes(1);
    expect(handle.hydrated()).toBe(false);
    win.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(handle.hydrated()).toBe(true);
    vi.advanceTimersByTime(0);
    // The replayed click reaches the (now hydrated) button; clicks after hydration are not held.
    expect(clicks).toHaveBeenCalledTimes(2);
    const after = new MouseEvent("click", { bubbles: true, cancelable: true });
    tab.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it("keeps a form from submitting natively before hydration and submits it afterwards", () => {
    const { win, doc } = boot();
    const form = doc.getElementById("contact") as HTMLFormElement;
    const submitted = vi.fn();
    form.requestSubmit = submitted;
    const early = new Event("submit", { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    win.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(submitted).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("announces text typed before hydration as an input event, so React's state gets it", () => {
    const { win, doc } = boot();
    const input = doc.querySelector<HTMLInputElement>("input[name=name]")!;
    input.value = "Ada";
    const seen: string[] = [];
    input.addEventListener("input", () => seen.push(input.value));
    win.dispatchEvent(new Event(HYDRATED_EVENT));
    expect(seen).toEqual(["Ada"]);
    expect(input.value).toBe("Ada");
  });
});
