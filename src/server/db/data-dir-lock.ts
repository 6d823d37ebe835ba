import fs from "node:fs";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holderPid: number,
  ) {
    super(
      `Another Quanta process (pid ${holderPid}) is already using this data directory (${path.dirname(lockFile)}). ` +
        `The embedded database allows one process per directory: stop the other instance, or start this one ` +
        `with a different DATA_DIR (and PORT), or use PostgreSQL through DATABASE_URL.`,
    );
    this.name = "DataDirLockedError";
  }
}

/** Lock files this process holds: a second open of the same directory in-process is refused too. */
const heldByThisProcess = new Set<string>();

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * An exclusive lock file (created with O_EXCL, holding our pid). A lock left by a process that no
 * longer exists is taken over, so a crash never blocks the next start.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockFile = path.join(dataDir, "quanta.lock");
  if (heldByThisProcess.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldByThisProcess.add(lockFile);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockFile);
        try {
          if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holderPid = Number.parseInt(fs.readFileSync(lockFile, "utf8").trim(), 10);
      // A pid equal to ours is an earlier run's (containers reuse pid 1), so that lock is stale.
      if (Number.isInteger(holderPid) && holderPid !== process.pid && isAlive(holderPid)) {
        throw new DataDirLockedError(lockFile, holderPid);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(lockFile, -1);
}
