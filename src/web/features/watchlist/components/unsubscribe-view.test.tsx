// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError } from "../../../../contracts/api-error";
import { paths } from "../../../../contracts/paths";
import { authClient } from "../../../lib/auth-client";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer } from "../../../test-support/render-app";
import { UNSUBSCRIBE_DONE_TEXT, UNSUBSCRIBE_INCOMPLETE_TEXT } from "./unsubscribe-view";

// Signed out: the link works without an account session.
vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const INVALID = "This unsubscribe link is invalid or has expired.";

function serveUnsubscribe(valid: boolean) {
  const posts: { body: unknown; headers: Headers }[] = [];
  stubServer({
    handler: (url, init) => {
      if (url !== "/api/alerts/unsubscribe") return undefined;
      posts.push({ body: JSON.parse(String(init?.body)), headers: new Headers(init?.headers) });
      return valid
        ? jsonResponse({ unsubscribed: true })
        : jsonResponse({ error: INVALID, code: "unsubscribe_link_invalid" } satisfies ApiError, 400);
    },
  });
  return posts;
}

beforeEach(() => {
  fake.setSession(null);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/unsubscribe/alerts", () => {
  it("posts the link's user and token on 'Unsubscribe' (not on load) and confirms", async () => {
    const posts = serveUnsubscribe(true);
    renderApp(paths.unsubscribeAlerts("u1", "sig+/="));
    const button = await screen.findByTestId("unsubscribe-button");
    expect(screen.getByText(/Stop the daily alert e-mails for this account/)).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByTestId("unsubscribe-done")).toHaveTextContent(UNSUBSCRIBE_DONE_TEXT);
    expect(screen.getByRole("link", { name: "alert settings" })).toHaveAttribute("href", "/settings/alerts");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ user: "u1", token: "sig+/=" });
    expect(posts[0]!.headers.get("authorization")).toBeNull();
    expect(posts[0]!.headers.get("x-csrftoken")).toBe("csrf");
  });

  it("shows the server's sentence for an invalid link", async () => {
    serveUnsubscribe(false);
    renderApp(paths.unsubscribeAlerts("u1", "forged"));
    await userEvent.click(await screen.findByTestId("unsubscribe-button"));
    expect(await screen.findByRole("alert")).toHaveTextContent(INVALID);
    expect(screen.queryByTestId("unsubscribe-done")).not.toBeInTheDocument();
  });

  it("says the link is incomplete without its user or token", async () => {
    const posts = serveUnsubscribe(true);
    renderApp("/unsubscribe/alerts?user=u1");
    expect(await screen.findByRole("alert")).toHaveTextContent(UNSUBSCRIBE_INCOMPLETE_TEXT);
    expect(screen.queryByTestId("unsubscribe-button")).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });
});
