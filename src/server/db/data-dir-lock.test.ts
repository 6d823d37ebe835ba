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

describe("acquireDataDirLock and reused pids", () => {
  it("does not trust a lock naming a live process that is not Quanta (a reused pid)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lock-"));
    const other = spawn("sleep", ["30"]);
    try {
      await writeFile(path.join(dir, "quanta.lock"), String(other.pid));
      acquireDataDirLock(dir).release();
    } finally {
      other.kill();
    }
  });

  it("does not trust a lock whose recorded identity is not the live process's (same pid, another start)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lock-"));
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      await writeFile(path.join(dir, "quanta.lock"), `${holder.pid} 00000000-0000-0000-0000-000000000000:1`);
      acquireDataDirLock(dir).release();
    } finally {
      holder.kill();
    }
  });

  it("writes its own identity and is refused by a second process while it lives", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "lock-"));
    const script = `import("${path.resolve("src/server/db/data-dir-lock.ts").replace(/\\/g, "/")}").then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}); console.log("locked"); setTimeout(() => {}, 30000); })`;
    const holder = spawn(process.execPath, ["--import", "tsx", "-e", script]);
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
        holder.once("exit", () => reject(new Error("the holder exited")));
      });
      expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`pid ${holder.pid}`));
    } finally {
      holder.kill();
    }
  });
});
