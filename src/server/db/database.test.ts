import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirDamagedError, openPgliteOnDisk } from "./database";

describe("openPgliteOnDisk on a damaged DATA_DIR", () => {
  it("refuses a pg/ folder without PG_VERSION, naming it and what to do, and releases the lock", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-db-"));
    await mkdir(path.join(dataDir, "pg", "base"), { recursive: true });
    const open = openPgliteOnDisk(dataDir);
    await expect(open).rejects.toThrow(DataDirDamagedError);
    await expect(open).rejects.toThrow(`${path.join(dataDir, "pg")} exists but holds no database (PG_VERSION is missing)`);
    // The lock is released: the next attempt fails for the same reason, not 'another process'.
    await expect(openPgliteOnDisk(dataDir)).rejects.toThrow(DataDirDamagedError);
  });

  it("names a pg/ folder PGlite cannot open and the way out", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "quanta-db-"));
    await mkdir(path.join(dataDir, "pg", "global"), { recursive: true });
    await writeFile(path.join(dataDir, "pg", "PG_VERSION"), "17\n");
    await writeFile(path.join(dataDir, "pg", "global", "pg_control"), Buffer.alloc(8192, 7));
    const open = openPgliteOnDisk(dataDir);
    await expect(open).rejects.toThrow(`The embedded database in ${path.join(dataDir, "pg")} could not be opened`);
    await expect(open).rejects.toThrow(`mv ${dataDir} ${dataDir}.damaged`);
  });
});
