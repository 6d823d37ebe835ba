import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

/**
 * The real server (src/server/main.ts through tsx, as `npm start` runs it but without the build) in
 * a child process, for the tests that kill it with SIGKILL and start it again on the same data.
 */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), for a failure's message. */
  output: () => string;
}

const running = new Set<ChildProcess>();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on now (the OS's choice). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the server with only `env` (and PATH, HOME) and resolves once `/readyz` answers on `port`. */
export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} at start:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return { child, output: () => output };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`the server did not become ready:\n${output}`);
}

/** SIGKILL, as a crash: nothing is flushed or closed. Resolves once the process has exited. */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGKILL");
  await exited;
  running.delete(server.child);
}

/** For afterAll: kills whatever a failed test left running. */
export function killAllServerProcesses(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  running.clear();
}
