// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import type { CsvImportError, CsvImportResponse } from "../../../../contracts/csv-import";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { UPLOAD_TEXTS, isCsvFile } from "./upload-view";
import { previewCsv } from "./csv-preview";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };

const CSV = 'id,ticker,timestamp,analysis\r\na1,NVDA,2026-01-02T00:00:00Z,"{""stock_summary"":{}}"\r\n' + Array.from({ length: 7 }, (_, k) => `b${k},T${k},2026-01-0${k + 1},{}\r\n`).join("");

const IMPORTED: CsvImportResponse = { success: true, format: "export", total: 8, imported: 6, skipped: 2 };

function stubUpload(answer: () => Response) {
  const uploads: RequestInit[] = [];
  stubServer({
    handler: (url, init) => {
      if (url === "/user/stock-analyses-csv/" && init?.method === "POST") {
        uploads.push(init);
        return answer();
      }
      return undefined;
    },
  });
  return uploads;
}

async function pick(file: File) {
  const input = await screen.findByLabelText("CSV file");
  fireEvent.change(input, { target: { files: [file] } });
}

beforeEach(() => {
  vi.clearAllMocks();
  fake.setSession(VERIFIED);
});

afterEach(() => {
  cleanup();
  identitySession.stop();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("upload page", () => {
  it("says 'Please select a file first' on an empty submit and sends nothing", async () => {
    const uploads = stubUpload(() => jsonResponse(IMPORTED));
    renderApp("/upload");
    await userEvent.click(await screen.findByRole("button", { name: "Upload CSV" }));
    expect(screen.getByRole("alert")).toHaveTextContent(UPLOAD_TEXTS.noFile);
    expect(uploads).toHaveLength(0);
  });

  it("says 'Please select a valid CSV file' for another type", async () => {
    const uploads = stubUpload(() => jsonResponse(IMPORTED));
    renderApp("/upload");
    await pick(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "chart.png", { type: "image/png" }));
    expect(screen.getByRole("alert")).toHaveTextContent(UPLOAD_TEXTS.invalidType);
    await userEvent.click(screen.getByRole("button", { name: "Upload CSV" }));
    expect(screen.getByRole("alert")).toHaveTextContent(UPLOAD_TEXTS.noFile);
    expect(uploads).toHaveLength(0);
  });

  it("previews the first five rows, uploads the file as multipart `file` and shows the summary", async () => {
    const uploads = stubUpload(() => jsonResponse(IMPORTED));
    renderApp("/upload");
    await pick(new File([CSV], "analyses.csv", { type: "text/csv" }));
    const preview = await screen.findByTestId("csv-preview");
    expect(within(preview).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["id", "ticker", "timestamp", "analysis"]);
    expect(within(preview).getAllByRole("row")).toHaveLength(6);
    expect(within(preview).getByText('{"stock_summary":{}}')).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Upload CSV" }));
    expect(await screen.findByText(UPLOAD_TEXTS.success)).toBeInTheDocument();
    expect(screen.getByTestId("upload-summary")).toHaveTextContent("6 imported, 2 skipped as duplicates, 0 rejected");
    expect(uploads).toHaveLength(1);
    const body = uploads[0]!.body as FormData;
    expect(body.get("file")).toBeInstanceOf(File);
    expect(new Headers(uploads[0]!.headers).get("x-csrftoken")).toBe("csrf");
  });

  it("shows 'Failed to upload file. Please try again.' with the rejected rows", async () => {
    stubUpload(() =>
      jsonResponse(
        {
          error: "The file was not imported: 1 line has problems. Nothing was changed.",
          code: "invalid_rows",
          errors: [{ line: 3, column: "current_metrics.price", message: 'Expected a number, got "abc".' }],
        } satisfies CsvImportError,
        400,
      ),
    );
    renderApp("/upload");
    await pick(new File([CSV], "analyses.csv", { type: "" }));
    await userEvent.click(screen.getByRole("button", { name: "Upload CSV" }));
    const alert = await screen.findByText(UPLOAD_TEXTS.failure);
    expect(alert.closest("[role=alert]")).toHaveTextContent("Nothing was changed.");
    const rows = within(screen.getByTestId("rejected-rows")).getAllByRole("row");
    expect(rows[1]).toHaveTextContent(/3\s*current_metrics\.price\s*Expected a number, got "abc"\./);
  });

  it("brings the result into view under the form and moves the focus to it, for a success and a failure", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    let answer = () => jsonResponse(IMPORTED);
    stubUpload(() => answer());
    renderApp("/upload");
    await pick(new File([CSV], "analyses.csv", { type: "text/csv" }));
    await userEvent.click(screen.getByRole("button", { name: "Upload CSV" }));
    await screen.findByText(UPLOAD_TEXTS.success);
    const result = screen.getByTestId("upload-result");
    await waitFor(() => {
      expect(result).toHaveFocus();
    });
    expect(scrolled).toContain(result);
    expect(within(result).getByRole("status")).toHaveTextContent(UPLOAD_TEXTS.success);
    // Right under the form, before the formats' help: on a phone that help fills the screen.
    const formats = screen.getByRole("heading", { name: "File formats" });
    expect(result.compareDocumentPosition(formats) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    answer = () => jsonResponse({ error: "The file is larger than 5 MB.", code: "file_too_large" } satisfies ApiError, 413);
    scrolled.length = 0;
    await userEvent.click(screen.getByRole("button", { name: "Upload CSV" }));
    await screen.findByText(UPLOAD_TEXTS.failure);
    const failed = screen.getByTestId("upload-result");
    await waitFor(() => {
      expect(failed).toHaveFocus();
    });
    expect(scrolled).toContain(failed);
    expect(within(failed).getByRole("alert")).toHaveTextContent("The file is larger than 5 MB.");
  });

  it("shows the failure for a refused file too (413)", async () => {
    stubUpload(() => jsonResponse({ error: "The file is larger than 5 MB.", code: "file_too_large" } satisfies ApiError, 413));
    renderApp("/upload");
    await pick(new File([CSV], "big.csv", { type: "text/csv" }));
    await userEvent.click(screen.getByRole("button", { name: "Upload CSV" }));
    await waitFor(() => {
      expect(screen.getByRole("alert")).toHaveTextContent(UPLOAD_TEXTS.failure);
    });
    expect(screen.getByRole("alert")).toHaveTextContent("The file is larger than 5 MB.");
  });

  it("describes both formats with a sample file to download, and names no repository path", async () => {
    stubServer();
    renderApp("/upload");
    expect(await screen.findByRole("heading", { name: "File formats" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download a sample export" })).toHaveAttribute("href", "/samples/quanta-analyses-export.csv");
    expect(screen.getByRole("link", { name: "Download the template" })).toHaveAttribute("download");
    expect(screen.getByRole("link", { name: "Download the template" })).toHaveAttribute("href", "/samples/quanta-analyses-template.csv");
    expect(document.body).not.toHaveTextContent("docs/csv-format.md");
  });

  it("asks a signed-out visitor to sign in, and brings them back to /upload afterwards", async () => {
    fake.setSession(null);
    stubServer({ tokenStatus: 401 });
    renderApp("/upload");
    expect(await screen.findByText(UPLOAD_TEXTS.signIn)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin?redirect=%2Fupload");
    expect(screen.queryByLabelText("CSV file")).not.toBeInTheDocument();
  });
});

describe("isCsvFile and previewCsv", () => {
  it("accepts text/csv, and .csv files that browsers label otherwise", () => {
    expect(isCsvFile(new File([""], "a.txt", { type: "text/csv" }))).toBe(true);
    expect(isCsvFile(new File([""], "a.CSV", { type: "application/vnd.ms-excel" }))).toBe(true);
    expect(isCsvFile(new File([""], "a.csv", { type: "image/png" }))).toBe(false);
    expect(isCsvFile(new File([""], "a.xlsx", { type: "" }))).toBe(false);
  });

  it("previews a file cut inside a quoted field, and reports a broken one", () => {
    expect(previewCsv('\uFEFFa,b\n1,2\n3,"open', true)).toEqual({ ok: true, header: ["a", "b"], rows: [["1", "2"]], more: true });
    expect(previewCsv('a,b\n1,"open', false)).toMatchObject({ ok: false });
  });
});
