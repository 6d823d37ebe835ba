import { pino } from "pino";
import type { AppConfig } from "./config";

/**
 * The log every service writes to: structured fields first, then the message. The server's pino
 * instance (also Fastify's request log) fits it, and so does a test's recording stub.
 */
export interface Logger {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

/** Credentials never reach the log, whichever request or response is written. */
const REDACTED = ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'];

/** One pino instance for the process: Fastify logs requests with it and services write to it. */
export function createLogger(config: Pick<AppConfig, "logLevel">): pino.Logger {
  return pino({ level: config.logLevel, redact: REDACTED });
}
