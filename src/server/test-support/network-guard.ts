import net from "node:net";

/*
 * No test touches the live network: a connection to anything but this machine fails at once, and
 * is recorded so the test that tried fails too (src/test-setup.ts), even when the code under test
 * swallowed the error (a market adapter turns it into 'provider unavailable'). Replays with nock
 * never open sockets, so they pass through untouched.
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0", "::ffff:127.0.0.1"]);
const attempts: string[] = [];
let installed = false;

type ConnectTarget = { host?: unknown; path?: unknown; port?: unknown } | number | string | undefined;

function target(args: unknown[]): { ipc: boolean; host: string; port: string } {
  const first = (Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0]) as ConnectTarget;
  if (typeof first === "string") return { ipc: true, host: "", port: "" };
  if (typeof first === "number") return { ipc: false, host: typeof args[1] === "string" ? args[1] : "localhost", port: String(first) };
  if (first && typeof first === "object") {
    if (typeof first.path === "string") return { ipc: true, host: "", port: "" };
    return { ipc: false, host: typeof first.host === "string" ? first.host : "localhost", port: String(first.port ?? "") };
  }
  return { ipc: false, host: "localhost", port: "" };
}

/**
 * nock 15's socket interceptor (@mswjs/interceptors) opens a real connection for a pooled client
 * socket that reads before it has written anything (undici re-opening a keep-alive connection
 * after an error reply), from a setImmediate. No request was sent on it; it is refused like any
 * other, but it is not the test's doing, so it does not fail the test. A request nock does not
 * match is refused by nock.disableNetConnect before any socket exists.
 */
function openedSpeculativelyByInterceptor(stack: string): boolean {
  return stack.includes("@mswjs/interceptors") && stack.includes("passthrough") && stack.includes("Immediate");
}

export function installNetworkGuard(): void {
  if (installed) return;
  installed = true;
  const originalConnect = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]): net.Socket {
    const { ipc, host, port } = target(args);
    if (ipc || LOCAL_HOSTS.has(host.toLowerCase())) return originalConnect.apply(this, args);
    if (!openedSpeculativelyByInterceptor(new Error().stack ?? "")) attempts.push(`${host}:${port}`);
    process.nextTick(() => this.destroy(new Error(`Live network access attempted in a test: ${host}:${port}`)));
    return this;
  } as typeof net.Socket.prototype.connect;
}

/** The remote hosts tests tried to reach since the last call (and forgets them). */
export function takeLiveNetworkAttempts(): string[] {
  return attempts.splice(0);
}
