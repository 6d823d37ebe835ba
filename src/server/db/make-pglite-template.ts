/**
 * Makes dist/pglite/<key>/: an empty, migrated, closed embedded database (db/pglite-template.ts).
 * Run by scripts/build-server.mjs after bundling (as dist/server/make-pglite-template.mjs); does
 * nothing when the template for the current PGlite and migrations exists; removes older ones.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder, wrapPglite } from "./database";
import { PGLITE_TEMPLATE_FOLDER, pgliteTemplateFolder, pgliteTemplateKey } from "./pglite-template";

const key = pgliteTemplateKey(migrationsFolder);
if (!key) {
  process.stdout.write("pglite template: @electric-sql/pglite's package.json not found; a fresh DATA_DIR is created with initdb.\n");
} else if (!existsSync(path.join(pgliteTemplateFolder(key), "PG_VERSION"))) {
  const started = performance.now();
  await mkdir(PGLITE_TEMPLATE_FOLDER, { recursive: true });
  // Made under a temporary name, then renamed: a server starting meanwhile never copies half a folder.
  const partial = `${pgliteTemplateFolder(key)}.partial-${String(process.pid)}`;
  await rm(partial, { recursive: true, force: true });
  const handle = await wrapPglite(await PGlite.create(partial), { migrate: true });
  await handle.close();
  await rm(pgliteTemplateFolder(key), { recursive: true, force: true });
  await rename(partial, pgliteTemplateFolder(key));
  for (const entry of await readdir(PGLITE_TEMPLATE_FOLDER)) {
    if (entry !== key && !entry.includes(".partial-")) await rm(path.join(PGLITE_TEMPLATE_FOLDER, entry), { recursive: true, force: true });
  }
  process.stdout.write(`pglite template: ${path.relative(process.cwd(), pgliteTemplateFolder(key))} (${(performance.now() - started).toFixed(0)} ms)\n`);
}
