import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, acquireDataDirLock } from "./data-dir-lock";

describe("acquireDataDirLock", () => {
  it("refuses a data directory that another live process holds, naming its pid", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lock-"));
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      await writeFile(path.join(dir, "quanta.lock"), String(holder.pid));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${holder.pid}`));
    } finally {
      holder.kill();
    }
  });

  it("takes over a lock left by a process that no longer exists, and refuses a second holder in-process", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lock-"));
    await writeFile(path.join(dir, "quanta.lock"), "999999999");
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dir).release();
  });
});
