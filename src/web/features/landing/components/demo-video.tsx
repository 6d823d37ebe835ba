import { useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "../../../lib/use-reduced-motion";

export const DEMO_VIDEO = {
  poster: "/demo/quanta-demo-poster.jpg",
  webm: "/demo/quanta-demo.webm",
  mp4: "/demo/quanta-demo.mp4",
} as const;

/**
 * The looping demo of Quanta itself: muted and inline, nothing fetched before it plays
 * (preload none), and paused with controls for users who prefer reduced motion.
 */
export function DemoVideo() {
  const reducedMotion = usePrefersReducedMotion();
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  // The video (poster included) is only created once its frame nears the viewport, so nothing of it
  // competes with the first paint. Without IntersectionObserver it is created right after mounting.
  // Never during the first render: the pre-rendered landing page has the empty frame, and the first
  // client render must match it.
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      const timer = setTimeout(() => {
        setNear(true);
      }, 0);
      return () => {
        clearTimeout(timer);
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "200px 0px" },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near]);

  const wasReduced = useRef(reducedMotion);

  useEffect(() => {
    const element = video.current;
    const changed = wasReduced.current !== reducedMotion;
    wasReduced.current = reducedMotion;
    if (!element) return;
    // React sets `muted` as a property only; keep it set so autoplay stays allowed.
    element.muted = true;
    // The first render is handled by the autoplay attribute; act here only when the preference changes.
    if (reducedMotion && !element.paused) {
      element.pause();
    } else if (!reducedMotion && changed && element.paused) {
      // A missing file or a browser policy only leaves the poster: nothing to report.
      element.play().catch(() => undefined);
    }
  }, [reducedMotion, near]);

  return (
    <section aria-labelledby="demo-title" className="mx-auto max-w-6xl px-4 py-8">
      <h2 id="demo-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
        See Quanta at work
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        A ticker goes in, a report comes out: the recommendation, the trade setup, the chart and the reasons behind it.
      </p>
      <div ref={frame} data-hydrate-near className="mt-6 aspect-video overflow-hidden rounded-2xl border border-line bg-canvas shadow-card">
        {near ? (
          <video
            ref={video}
            data-testid="demo-video"
            className="block aspect-video h-auto w-full bg-canvas"
            autoPlay={!reducedMotion}
            muted
            loop
            playsInline
            controls={reducedMotion}
            poster={DEMO_VIDEO.poster}
            preload="none"
            width={1280}
            height={720}
            aria-label="Demo of Quanta: analysing a stock and reading the report"
          >
            <source src={DEMO_VIDEO.webm} type="video/webm" />
            <source src={DEMO_VIDEO.mp4} type="video/mp4" />
          </video>
        ) : null}
      </div>
    </section>
  );
}
