import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyPgliteTemplate, pgliteTemplateKey, startPgliteTemplateCopy } from "./pglite-template";
import { migrationsFolder } from "./database";

const made: string[] = [];
function tempFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "quanta-template-"));
  made.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("pgliteTemplateKey", () => {
  it("is stable, and changes when a migration or the journal changes", () => {
    const migrations = tempFolder();
    mkdirSync(path.join(migrations, "meta"));
    writeFileSync(path.join(migrations, "0000_init.sql"), "create table a (id int);");
    writeFileSync(path.join(migrations, "meta/_journal.json"), "{}");
    writeFileSync(path.join(migrations, "meta/0000_snapshot.json"), "{}");
    const key = pgliteTemplateKey(migrations);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(pgliteTemplateKey(migrations)).toBe(key);
    // Snapshots are drizzle-kit's bookkeeping, not what runs: they do not count.
    writeFileSync(path.join(migrations, "meta/0000_snapshot.json"), '{"changed":true}');
    expect(pgliteTemplateKey(migrations)).toBe(key);
    writeFileSync(path.join(migrations, "0001_more.sql"), "create table b (id int);");
    const withMore = pgliteTemplateKey(migrations);
    expect(withMore).not.toBe(key);
    writeFileSync(path.join(migrations, "meta/_journal.json"), '{"entries":[1]}');
    expect(pgliteTemplateKey(migrations)).not.toBe(withMore);
  });

  it("keys this repository's migrations", () => {
    expect(pgliteTemplateKey(migrationsFolder)).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("copyPgliteTemplate", () => {
  it("copies a template folder to a new database folder, leaving no partial copy", async () => {
    const template = tempFolder();
    writeFileSync(path.join(template, "PG_VERSION"), "17\n");
    mkdirSync(path.join(template, "base/1"), { recursive: true });
    writeFileSync(path.join(template, "base/1/1259"), "pages");
    const dataDir = tempFolder();
    const folder = path.join(dataDir, "pg");
    expect(await copyPgliteTemplate(folder, template)).toBe(true);
    expect(readFileSync(path.join(folder, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readFileSync(path.join(folder, "base/1/1259"), "utf8")).toBe("pages");
    expect(readdirSync(dataDir)).toEqual(["pg"]);
  });

  it("answers false, and creates nothing, when no template was built", async () => {
    const dataDir = tempFolder();
    expect(await copyPgliteTemplate(path.join(dataDir, "pg"), null)).toBe(false);
    expect(await copyPgliteTemplate(path.join(dataDir, "pg"), path.join(dataDir, "missing"))).toBe(false);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe("startPgliteTemplateCopy", () => {
  it("copies while the app loads; the database opener then waits for that copy instead of making its own", async () => {
    const template = tempFolder();
    writeFileSync(path.join(template, "PG_VERSION"), "17\n");
    const dataDir = path.join(tempFolder(), "data");
    const folder = path.join(dataDir, "pg");
    startPgliteTemplateCopy(folder, template);
    // The opener knows no template of its own here: only the early copy can make the folder.
    expect(await copyPgliteTemplate(folder, null)).toBe(true);
    expect(readFileSync(path.join(folder, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readdirSync(dataDir)).toEqual(["pg"]);
  });

  it("leaves an existing database folder alone", async () => {
    const template = tempFolder();
    writeFileSync(path.join(template, "PG_VERSION"), "17\n");
    const folder = path.join(tempFolder(), "pg");
    mkdirSync(folder);
    writeFileSync(path.join(folder, "PG_VERSION"), "16\n");
    startPgliteTemplateCopy(folder, template);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(readFileSync(path.join(folder, "PG_VERSION"), "utf8")).toBe("16\n");
  });
});

describe("a database started from a template", () => {
  it("opens as a copy of a closed, migrated PGlite folder, with every table, and opens again after", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { wrapPglite } = await import("./database");
    const template = path.join(tempFolder(), "template");
    await (await wrapPglite(await PGlite.create(template), { migrate: true })).close();

    const folder = path.join(tempFolder(), "pg");
    expect(await copyPgliteTemplate(folder, template)).toBe(true);
    const tables = async () => {
      const client = await PGlite.create(folder);
      const handle = await wrapPglite(client, { migrate: true });
      const { rows } = await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'");
      await handle.close();
      return rows.map((row) => row.name);
    };
    const first = await tables();
    expect(first).toEqual(expect.arrayContaining(["public_analyses", "refresh_runs", "provider_calls"]));
    expect(await tables()).toEqual(first);
  }, 120_000);
});
