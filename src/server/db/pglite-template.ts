import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import path from "node:path";
import { projectPath } from "../project-root";

/**
 * A migrated, empty embedded database, made by `npm run build` (scripts/build-server.mjs runs
 * db/make-pglite-template.ts): a closed PostgreSQL data folder that a fresh DATA_DIR starts as a copy
 * of. Copying and opening it takes about a second where creating a cluster (initdb) and running every
 * migration takes five or more, and PGlite's own `loadDataDir` (a tar written through its virtual
 * file system) about four (measured, decision 025). Keyed by PGlite's version and the migrations, so
 * a change to either is never served an old template: the server then creates the database as before.
 */
export const PGLITE_TEMPLATE_FOLDER = projectPath("dist/pglite");

/** The template's key, or undefined when PGlite's package cannot be read (no template then). */
export function pgliteTemplateKey(migrationsFolder: string = projectPath("drizzle")): string | undefined {
  let version: string;
  try {
    version = (JSON.parse(readFileSync(projectPath("node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string }).version;
  } catch {
    return undefined;
  }
  // PGlite's version is the data folder's format.
  const hash = createHash("sha256").update(`pglite ${version}\n`);
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".sql") || file.endsWith("_journal.json"))
    .sort();
  for (const file of files) hash.update(`${file}\n`).update(readFileSync(path.join(migrationsFolder, file)));
  return hash.digest("hex").slice(0, 16);
}

export function pgliteTemplateFolder(key: string): string {
  return path.join(PGLITE_TEMPLATE_FOLDER, key);
}

/** The template folder for this installation's PGlite and migrations, or undefined when there is no key. */
function currentPgliteTemplate(): string | undefined {
  const key = pgliteTemplateKey();
  return key ? pgliteTemplateFolder(key) : undefined;
}

/**
 * Makes `folder` (which must not exist) a copy of the template; false when none was built. Copied
 * under a temporary name and renamed, so an interrupted copy never leaves a half-made database folder,
 * and a folder that appeared meanwhile (another process) is never written into.
 */
export async function copyPgliteTemplate(folder: string, template: string | null = currentPgliteTemplate() ?? null): Promise<boolean> {
  const early = earlyCopies.get(folder);
  if (early) {
    earlyCopies.delete(folder);
    if (await early.catch(() => false)) return true;
    if (existsSync(folder)) return false;
  }
  return copyNow(folder, template);
}

async function copyNow(folder: string, template: string | null): Promise<boolean> {
  if (!template || !existsSync(path.join(template, "PG_VERSION"))) return false;
  const partial = `${folder}.partial-${String(process.pid)}`;
  await rm(partial, { recursive: true, force: true });
  try {
    await copyOffThread(template, partial);
    await rename(partial, folder);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/**
 * `cpSync` on a worker thread: the copy (about a thousand files, 39 MB) runs on the second core while
 * the main thread evaluates the app's modules. `fs.promises.cp` measured 5 s there instead of 0.4 s,
 * because each of its steps waits for the busy main thread.
 */
function copyOffThread(from: string, to: string): Promise<void> {
  const code = `const { cpSync } = require("node:fs"); const { workerData } = require("node:worker_threads"); cpSync(workerData.from, workerData.to, { recursive: true });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { from, to } });
    worker.once("error", reject);
    worker.once("exit", (exitCode) => (exitCode === 0 ? resolve() : reject(new Error(`copying ${from} stopped with code ${String(exitCode)}`))));
  });
}

const earlyCopies = new Map<string, Promise<boolean>>();

/**
 * Starts copying the template into `folder` when it does not exist yet, without waiting: the process
 * entry (start.ts) calls it so the copy runs on libuv's threads while the app's modules load. The
 * database opener (database.ts, after taking DATA_DIR's lock) then awaits it through
 * copyPgliteTemplate; a failed early copy is retried there.
 */
export function startPgliteTemplateCopy(folder: string, template: string | null = currentPgliteTemplate() ?? null): void {
  if (existsSync(folder) || earlyCopies.has(folder)) return;
  const copy = mkdir(path.dirname(folder), { recursive: true }).then(() => copyNow(folder, template));
  copy.catch(() => undefined);
  earlyCopies.set(folder, copy);
}
