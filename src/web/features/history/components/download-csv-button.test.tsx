// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DownloadCsvButton } from "./download-csv-button";

vi.mock("../../../lib/identity", () => ({ identitySession: { getToken: () => Promise.resolve("jwt-1") } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Download CSV", () => {
  it("fetches the export with the Bearer token and saves it under the server's file name", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response("id,ticker,timestamp,analysis\r\n", {
          headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="quanta-analyses-2026-11-22.csv"' },
        }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const createObjectURL = vi.fn(() => "blob:csv");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    render(<DownloadCsvButton />);
    await userEvent.click(screen.getByRole("button", { name: "Download CSV" }));
    await waitFor(() => {
      expect(clicks).toEqual(["quanta-analyses-2026-11-22.csv"]);
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/user/stock-analyses-csv/");
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer jwt-1");
  });
});
