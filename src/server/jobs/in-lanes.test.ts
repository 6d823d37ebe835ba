import { describe, expect, it } from "vitest";
import { inLanes } from "./in-lanes";

describe("inLanes", () => {
  it("runs every item, at most `lanes` at a time, starting them in list order", async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await inLanes([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it("rejects when an item fails, and takes no new items after it", async () => {
    const seen: number[] = [];
    await expect(
      inLanes([1, 2, 3, 4], 1, async (item) => {
        seen.push(item);
        if (item === 2) throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(seen).toEqual([1, 2]);
  });

  it("does nothing for no items", async () => {
    await inLanes([], 4, async () => {
      throw new Error("never");
    });
  });
});
