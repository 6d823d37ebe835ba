import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readHistoryFile, readHistoryFolder } from "./history-files";

const SP500_HEADER = "date,open,high,low,close,adj_close,volume,dividend,split";
const ZIPLINE_HEADER = "date,open,high,low,close,volume,dividend,split";

let root = "";
let folder = "";
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "quanta-history-"));
  folder = join(root, "universe");
  await mkdir(folder);
  await mkdir(join(folder, "nested")); // not read: folders are not recursive
  await writeFile(join(folder, "nested", "zzz.csv"), `${ZIPLINE_HEADER}\n2020-01-02,1,1,1,1,1,0,1\n`);
  // Gzipped, lower-case name, a 2-for-1 split on the second day.
  await writeFile(join(folder, "msft.csv.gz"), gzipSync([SP500_HEADER, "2020-01-02,200,210,190,200,100,10,0.0,1", "2020-01-03,100,105,95,100,100,30,0.0,2"].join("\n")));
  await writeFile(join(folder, "BRK.B.csv"), [ZIPLINE_HEADER, "2020-01-02,300,310,290,305,5,0.0,1.0"].join("\n"));
  await writeFile(join(folder, "notes.txt"), "not a price file");
  await writeFile(
    join(folder, "constituents.csv"),
    ["ticker,name,sector,first_date,last_date,sessions", 'MSFT,"Microsoft, Corp.",Information Technology,2020-01-02,2020-01-03,2', "BRK.B,Berkshire Hathaway,,2020-01-02,2020-01-02,1"].join("\n"),
  );
  await writeFile(join(root, "spy.csv"), ["Date,Open,High,Low,Close,Adj Close,Volume", "2020-01-02,10,11,9,10,8,1000"].join("\n"));
  await writeFile(join(root, "bad.csv"), [ZIPLINE_HEADER, "2020-01-02,1,1,1,-1,1,0,1"].join("\n"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("readHistoryFolder", () => {
  it("reads a folder's *.csv and *.csv.gz sorted by ticker, names and sectors from constituents.csv", async () => {
    const { series, checks } = await readHistoryFolder([folder]);
    expect(checks).toEqual([]);
    expect(series.map((item) => [item.ticker, item.name, item.sector])).toEqual([
      ["BRK.B", "Berkshire Hathaway", null],
      ["MSFT", "Microsoft, Corp.", "Information Technology"],
    ]);
    const msft = series[1]!.bars;
    expect(msft.dates).toEqual(["2020-01-02", "2020-01-03"]);
    expect(Array.from(msft.close)).toEqual([100, 100]);
    expect(Array.from(msft.tradedClose!)).toEqual([200, 100]);
    expect(Array.from(msft.volume)).toEqual([20, 30]);
    expect(Array.from(series[0]!.bars.close)).toEqual([305]);
  });

  it("takes files and folders together, in the order given; a file has no name or sector", async () => {
    const { series } = await readHistoryFolder([join(root, "spy.csv"), folder]);
    expect(series.map((item) => item.ticker)).toEqual(["SPY", "BRK.B", "MSFT"]);
    expect(series[0]).toMatchObject({ name: null, sector: null });
    expect(Array.from(series[0]!.bars.close)).toEqual([8]);
  });

  it("refuses the same ticker twice and names the file of a bad row", async () => {
    await expect(readHistoryFolder([folder, join(folder, "msft.csv.gz")])).rejects.toThrow(/MSFT appears twice/);
    await expect(readHistoryFolder([join(root, "bad.csv")])).rejects.toThrow(/bad\.csv: BAD: line 2: a price is not a positive number/);
  });
});

describe("readHistoryFile", () => {
  it("reads one plain or gzipped file", async () => {
    expect((await readHistoryFile(join(root, "spy.csv"))).dates).toEqual(["2020-01-02"]);
    expect(Array.from((await readHistoryFile(join(folder, "msft.csv.gz"))).volume)).toEqual([20, 30]);
  });
});

describe("readHistoryFolder: the data check", () => {
  it("cuts a series after a jump its file does not explain, reports it, and leaves out a series with nothing left", async () => {
    const dir = await mkdtemp(join(tmpdir(), "quanta-check-"));
    try {
      const row = (date: string, close: number) => `${date},${close},${close},${close},${close},${close},100,0.0,1`;
      await writeFile(join(dir, "good.csv"), [SP500_HEADER, row("2020-01-02", 10), row("2020-01-03", 10.2)].join("\n"));
      await writeFile(join(dir, "halved.csv"), [SP500_HEADER, row("2020-01-02", 100), row("2020-01-03", 50.5), row("2020-01-06", 51)].join("\n"));
      await writeFile(join(dir, "last.csv"), [SP500_HEADER, row("2020-01-02", 100), row("2020-01-03", 49.8)].join("\n"));
      const { series, checks } = await readHistoryFolder([dir]);
      expect(series.map((s) => [s.ticker, s.bars.dates])).toEqual([
        ["GOOD", ["2020-01-02", "2020-01-03"]],
        ["HALVED", ["2020-01-06"]],
      ]);
      expect(checks.map((c) => [c.ticker, c.glitches.map((g) => g.date), c.kept_from, c.dropped_sessions])).toEqual([
        ["HALVED", ["2020-01-03"], "2020-01-06", 2],
        ["LAST", ["2020-01-03"], null, 2],
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
