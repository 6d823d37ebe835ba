import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

export interface PreloadableComponent<P extends object> {
  (props: P): ReactNode;
  /** Fetches the component's chunk ahead of time (a hint before navigating, or tests). */
  preload: () => Promise<void>;
}

const registry: Array<() => Promise<void>> = [];

/**
 * A component in its own chunk: React.lazy inside Suspense with `fallback` while the chunk arrives.
 * Once the chunk is loaded (by a first render or by `preload`), it renders without suspending.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  const remember = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => remember().then((component) => ({ default: component })));

  function Preloadable(props: P) {
    const Loaded = loaded;
    if (Loaded) return <Loaded {...props} />;
    return (
      <Suspense fallback={fallback(props)}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Preloadable.preload = () => remember().then(() => undefined);
  registry.push(Preloadable.preload);
  return Preloadable;
}

/** Loads every chunk made with lazyWithPreload so far (tests render synchronously after this). */
export async function preloadAllLazyComponents(): Promise<void> {
  await Promise.all(registry.map((preload) => preload()));
}
