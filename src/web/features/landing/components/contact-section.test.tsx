// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError, CsrfResponse, SuccessResponse } from "../../../../contracts/api-error";
import { jsonResponse } from "../../../test-support/render-app";
import { resetCsrfToken } from "../../../lib/api-client";
import { CONTACT_RATE_LIMITED } from "../api/contact-api";
import { CONTACT_FAILURE, CONTACT_MISSING_FIELDS, CONTACT_SUCCESS, ContactSection } from "./contact-section";

vi.mock("../../../lib/identity", () => ({ identitySession: { getToken: () => Promise.resolve(null) } }));

function stubFetch(contactStatus: number, failure: unknown = { error: "nope", code: "x" } satisfies ApiError) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith("/csrf_cookie")) return Promise.resolve(jsonResponse({ csrfToken: "csrf-1" } satisfies CsrfResponse));
    if (url.endsWith("/api/contact")) {
      return Promise.resolve(
        contactStatus < 300
          ? jsonResponse({ success: true } satisfies SuccessResponse, contactStatus)
          : failure === null
            ? new Response("", { status: contactStatus })
            : jsonResponse(failure, contactStatus),
      );
    }
    return Promise.resolve(jsonResponse({ error: "Not found", code: "not_found" } satisfies ApiError, 404));
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function fill(name: string, email: string, message = "") {
  fireEvent.change(screen.getByLabelText("Name"), { target: { value: name } });
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Message (optional)"), { target: { value: message } });
}

async function submit() {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await Promise.resolve();
  });
}

afterEach(() => {
  cleanup();
  resetCsrfToken();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("Contact Us", () => {
  it("has a name field, an e-mail field of type email and a Submit button", () => {
    stubFetch(200);
    render(<ContactSection />);
    expect(screen.getByRole("heading", { name: "Contact Us" })).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("type", "text");
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByRole("button", { name: "Submit" })).toHaveAttribute("type", "submit");
  });

  it.each([
    ["", "ada@example.com"],
    ["Ada", ""],
    ["   ", "  "],
  ])("asks for both fields and sends nothing (%j, %j)", async (name, email) => {
    const fetchMock = stubFetch(200);
    render(<ContactSection />);
    fill(name, email);
    await submit();
    expect(screen.getByRole("alert")).toHaveTextContent(CONTACT_MISSING_FIELDS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the message with the CSRF header, clears the fields and hides the status after 2 s", async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch(201);
    render(<ContactSection />);
    fill(" Ada ", "ada@example.com", "Hello");
    await submit();
    // Let the CSRF and contact requests settle (no time passes).
    for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole("status")).toHaveTextContent(CONTACT_SUCCESS);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith("/api/contact")) as
      | [RequestInfo, RequestInit]
      | undefined;
    expect(call?.[1].method).toBe("POST");
    expect(new Headers(call?.[1].headers).get("x-csrftoken")).toBe("csrf-1");
    expect(JSON.parse(String(call?.[1].body))).toEqual({ name: "Ada", email: "ada@example.com", message: "Hello" });
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Email")).toHaveValue("");
    expect(screen.getByLabelText("Message (optional)")).toHaveValue("");

    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(screen.getByRole("status")).toHaveTextContent(CONTACT_SUCCESS);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.queryByText(CONTACT_SUCCESS)).not.toBeInTheDocument();
  });

  it.each([
    [500, { error: "Something went wrong on our side. Please try again in a moment.", code: "internal_error" }, CONTACT_FAILURE],
    [500, null, CONTACT_FAILURE],
    [429, { error: "Too many messages from your address. Please try again in a few minutes.", code: "rate_limited" }, "Too many messages from your address. Please try again in a few minutes."],
    [429, null, CONTACT_RATE_LIMITED],
    [400, { error: "Please enter a valid e-mail address.", code: "invalid_email" }, "Please enter a valid e-mail address."],
  ])("says why the message failed on %i and keeps the fields", async (status, body, sentence) => {
    stubFetch(status, body);
    render(<ContactSection />);
    fill("Ada", "ada@example.com");
    await submit();
    expect((await screen.findByRole("alert")).textContent).toBe(sentence);
    expect(screen.getByLabelText("Name")).toHaveValue("Ada");
  });

  it("says the rate limit instead of 'Error sending message'", async () => {
    stubFetch(429, { error: "Too many requests. Please wait a minute and try again.", code: "rate_limited" });
    render(<ContactSection />);
    fill("Ada", "ada@example.com");
    await submit();
    const alert = await screen.findByRole("alert");
    expect(alert).not.toHaveTextContent(CONTACT_FAILURE);
    expect(alert).toHaveTextContent(/wait a minute/);
  });
});
