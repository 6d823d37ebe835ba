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

function readProc(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Who a process is, beyond its pid (pids are reused, after a reboot or in a container): the boot and
 * the process's start time, from Linux's /proc. Undefined where /proc is not available.
 */
function processIdentity(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  const bootId = readProc("/proc/sys/kernel/random/boot_id")?.trim();
  if (!stat || !bootId) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
  const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  return startTime ? `${bootId}:${startTime}` : undefined;
}

/**
 * Whether the lock's holder is a live Quanta process: the pid is alive and, where /proc tells, it is
 * the very process that wrote the lock (same boot and start time) — or, for a lock written without
 * that identity, a Node process. Any other live process merely reuses the pid: the lock is stale.
 */
function holderIsLive(pid: number, recordedIdentity: string | undefined): boolean {
  if (!isAlive(pid)) return false;
  const identity = processIdentity(pid);
  if (identity === undefined) return true;
  if (recordedIdentity) return recordedIdentity === identity;
  const commandLine = readProc(`/proc/${pid}/cmdline`) ?? "";
  return /(^|[/\0])(node|quanta)[^/\0]*(\0|$)|main\.ts/.test(commandLine);
}

/**
 * An exclusive lock file (created with O_EXCL, holding our pid and identity). A lock left by a
 * process that no longer exists, or whose pid another program now has, is taken over, so a crash
 * never blocks the next start.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockFile = path.join(dataDir, "quanta.lock");
  if (heldByThisProcess.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockFile, "wx");
      fs.writeSync(fd, [process.pid, processIdentity(process.pid)].filter(Boolean).join(" "));
      fs.closeSync(fd);
      heldByThisProcess.add(lockFile);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        heldByThisProcess.delete(lockFile);
        try {
          if (fs.readFileSync(lockFile, "utf8").trim().split(" ")[0] === String(process.pid)) fs.unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const [pidText = "", recordedIdentity] = fs.readFileSync(lockFile, "utf8").trim().split(" ");
      const holderPid = Number.parseInt(pidText, 10);
      // A pid equal to ours is an earlier run's (containers reuse pid 1), so that lock is stale.
      if (Number.isInteger(holderPid) && holderPid !== process.pid && holderIsLive(holderPid, recordedIdentity)) {
        throw new DataDirLockedError(lockFile, holderPid);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirLockedError(lockFile, -1);
}
