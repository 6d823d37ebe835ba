// @vitest-environment jsdom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEMO_VIDEO, DemoVideo } from "./demo-video";

function mockReducedMotion(matches: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("DemoVideo", () => {
  it("renders an empty frame first, as the pre-rendered landing page has it", () => {
    mockReducedMotion(false);
    const { container } = render(<DemoVideo />);
    // Synchronously after the first render (before the effect's timer): no video yet.
    expect(container.querySelector("video")).toBeNull();
  });

  it("is a muted, looping, inline video that loads nothing before it plays", async () => {
    mockReducedMotion(false);
    render(<DemoVideo />);
    const video = (await screen.findByTestId("demo-video")) as HTMLVideoElement;
    expect(video.autoplay).toBe(true);
    expect(video.muted).toBe(true);
    expect(video).toHaveAttribute("loop");
    expect(video).toHaveAttribute("playsinline");
    expect(video).toHaveAttribute("preload", "none");
    expect(video).toHaveAttribute("poster", DEMO_VIDEO.poster);
    expect([...video.querySelectorAll("source")].map((s) => [s.getAttribute("src"), s.getAttribute("type")])).toEqual([
      [DEMO_VIDEO.webm, "video/webm"],
      [DEMO_VIDEO.mp4, "video/mp4"],
    ]);
  });

  it("does not autoplay for users who prefer reduced motion", async () => {
    mockReducedMotion(true);
    render(<DemoVideo />);
    const video = (await screen.findByTestId("demo-video")) as HTMLVideoElement;
    expect(video.autoplay).toBe(false);
    expect(video).toHaveAttribute("controls");
  });
});
