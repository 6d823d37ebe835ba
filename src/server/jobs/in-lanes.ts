import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Runs `work` for each item, `lanes` at a time, in order of the list. Each item starts on a new turn
 * of the event loop, so work that resolves at once (cached bars, a fast disk) still lets requests in
 * between. A rejection stops the lanes taking new items and rejects the whole.
 */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await nextTurn();
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
}
