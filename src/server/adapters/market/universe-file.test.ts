import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseUniverseFile, readUniverseFile, UniverseFileError } from "./universe-file";
import { readVendoredText } from "../../../test-fixtures/market-data";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "quanta-universe-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fileWith(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

function errorOf(run: () => unknown): UniverseFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof UniverseFileError) return error;
    throw error;
  }
  throw new Error("no error was thrown");
}

describe("readUniverseFile: one ticker per line", () => {
  it("reads tickers, skips comments and blank lines, upper-cases and keeps each once in file order", async () => {
    const file = await fileWith(
      "list.txt",
      ["# my universe", "", "aapl", "  MSFT  ", "nvda # chips", "BRK.B", "brk-b", "AAPL", "\t", "^gspc", ""].join("\n"),
    );
    expect(await readUniverseFile(file)).toEqual(["AAPL", "MSFT", "NVDA", "BRK.B", "BRK-B", "^GSPC"]);
  });

  it("accepts Windows line ends and a byte-order mark", () => {
    expect(parseUniverseFile("\uFEFFaapl\r\nmsft\r\n", "list.txt")).toEqual(["AAPL", "MSFT"]);
  });

  it("names the file and the line of a value that is not a ticker", async () => {
    const file = await fileWith("bad.txt", "AAPL\nMSFT\nApple Inc\n");
    const error = await readUniverseFile(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UniverseFileError);
    expect((error as UniverseFileError).message).toBe(`PUBLIC_UNIVERSE_FILE ${file}, line 3: 'Apple Inc' is not a ticker (letters and digits with . - ^, 12 characters at most)`);
    expect((error as UniverseFileError).line).toBe(3);
    expect((error as UniverseFileError).code).toBe("universe_file_invalid");
    expect(errorOf(() => parseUniverseFile("AAPL\nTOOLONGTICKER1\n", "x")).line).toBe(2);
    expect(errorOf(() => parseUniverseFile("AAPL\nA$B\n", "x")).line).toBe(2);
  });

  it("refuses a file without tickers, and a missing file, naming the path", async () => {
    expect(errorOf(() => parseUniverseFile("# nothing yet\n\n", "empty.txt")).message).toBe("PUBLIC_UNIVERSE_FILE empty.txt: the file lists no ticker");
    const missing = path.join(dir, "nope.txt");
    await expect(readUniverseFile(missing)).rejects.toThrow(`PUBLIC_UNIVERSE_FILE ${missing}: the file does not exist`);
  });

  it("takes a lone 'Symbol' or 'Ticker' first line as a one-column CSV header, not as a ticker", () => {
    expect(parseUniverseFile("Symbol\naapl\nmsft\n", "x")).toEqual(["AAPL", "MSFT"]);
    expect(parseUniverseFile("ticker\naapl\n", "x")).toEqual(["AAPL"]);
  });
});

describe("readUniverseFile: CSV with a Symbol or Ticker column", () => {
  it("reads the Symbol column wherever it is, with quoted fields holding commas", async () => {
    const file = await fileWith(
      "constituents.csv",
      ['Name,Sector,Symbol', '"Apple, Inc.",Information Technology,AAPL', "Microsoft,Information Technology,msft", '"Berkshire ""B""",Financials,BRK.B', ""].join("\n"),
    );
    expect(await readUniverseFile(file)).toEqual(["AAPL", "MSFT", "BRK.B"]);
  });

  it("names the header line when no column is called Symbol or Ticker", () => {
    const error = errorOf(() => parseUniverseFile("# S&P 500\nname,sector,price\nApple,IT,1\n", "c.csv"));
    expect(error.line).toBe(2);
    expect(error.message).toBe("PUBLIC_UNIVERSE_FILE c.csv, line 2: a CSV needs a 'Symbol' or 'Ticker' column in its header, found 'name', 'sector', 'price' (a plain list has one ticker per line)");
  });

  it("names the line of a row whose ticker is missing or malformed", () => {
    expect(errorOf(() => parseUniverseFile("ticker,name\nAAPL,Apple\n,Nameless\n", "c.csv")).message).toBe("PUBLIC_UNIVERSE_FILE c.csv, line 3: no ticker in column 1");
    expect(errorOf(() => parseUniverseFile("name,ticker\nApple\n", "c.csv")).line).toBe(2);
    expect(errorOf(() => parseUniverseFile("ticker,name\nAAPL,Apple\nAP PL,Apple\n", "c.csv")).line).toBe(3);
  });
});

describe("readUniverseFile on sp500/constituents.csv (the documented S&P 500 example, vendored gzipped)", () => {
  it("reads its 396 tickers from the 'ticker' column, BRK.B included, each once", async () => {
    const file = path.join(dir, "constituents.csv");
    await writeFile(file, readVendoredText("sp500/constituents.csv"));
    const tickers = await readUniverseFile(file);
    expect(tickers).toHaveLength(396);
    expect(new Set(tickers).size).toBe(396);
    expect(tickers.slice(0, 4)).toEqual(["A", "AAL", "AAP", "AAPL"]);
    for (const ticker of ["MSFT", "NVDA", "BRK.B", "XOM", "ZTS"]) expect(tickers).toContain(ticker);
  });
});
