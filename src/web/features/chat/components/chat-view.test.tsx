// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApiError, SuccessResponse } from "../../../../contracts/api-error";
import type { ChatConversation, ChatConversationSummary, ChatMessage } from "../../../../contracts/chat";
import { authClient } from "../../../lib/auth-client";
import { identitySession } from "../../../lib/identity";
import type { FakeAuthClient } from "../../../test-support/fake-auth-client";
import { jsonResponse, renderApp, stubServer, type StubHandler } from "../../../test-support/render-app";
import { formatCalendarDate } from "../../../lib/format";
import { CHAT_SUGGESTIONS } from "./suggestions";
import { CHAT_VERIFY_MESSAGE } from "./chat-verify-email";

vi.mock("../../../lib/auth-client", async () => {
  const { createFakeAuthClient } = await import("../../../test-support/fake-auth-client");
  return { authClient: createFakeAuthClient() };
});

const fake = authClient as unknown as FakeAuthClient;
const VERIFIED = { id: "u1", email: "ada@example.com", emailVerified: true };
const encoder = new TextEncoder();

const at = "2026-11-20T10:00:00.000Z";
const msg = (id: string, role: "user" | "assistant", content: string, citations: ChatMessage["citations"] = []): ChatMessage => ({
  id,
  role,
  content,
  citations,
  created_at: at,
});
const summary = (id: string, title: string): ChatConversationSummary => ({ id, title, created_at: at, updated_at: at });
const sse = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A fake chat server: conversations in memory; POST /api/chat answers with a stream the test writes to. */
function stubChat(initial: ChatConversation[] = []) {
  const conversations = new Map(initial.map((conversation) => [conversation.id, conversation]));
  const calls: Call[] = [];
  let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
  let chatResponse: (() => Response) | null = null;

  const handler: StubHandler = (url, init) => {
    const method = (init?.method ?? "GET").toUpperCase();
    const body = typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined;
    if (url.startsWith("/api/chat")) calls.push({ url, method, body });
    if (url === "/api/chat" && method === "POST") {
      if (chatResponse) return chatResponse();
      const readable = new ReadableStream<Uint8Array>({
        start(controller) {
          stream = controller;
        },
      });
      init?.signal?.addEventListener("abort", () => {
        stream?.error(new DOMException("The operation was aborted.", "AbortError"));
      });
      return new Response(readable, { headers: { "content-type": "text/event-stream" } });
    }
    if (url === "/api/chat/conversations" && method === "GET") {
      const list: ChatConversationSummary[] = [...conversations.values()].map(({ messages: _m, ...rest }) => rest);
      return jsonResponse({ conversations: list });
    }
    const match = /^\/api\/chat\/conversations\/([^/]+)$/.exec(url);
    if (match?.[1]) {
      const id = decodeURIComponent(match[1]);
      const conversation = conversations.get(id);
      if (!conversation) return jsonResponse({ error: "Conversation not found", code: "not_found" } satisfies ApiError, 404);
      if (method === "GET") return jsonResponse(conversation satisfies ChatConversation);
      if (method === "PATCH") {
        const next = { ...conversation, title: (body as { title: string }).title };
        conversations.set(id, next);
        const { messages: _m, ...rest } = next;
        return jsonResponse(rest satisfies ChatConversationSummary);
      }
      if (method === "DELETE") {
        conversations.delete(id);
        return jsonResponse({ success: true } satisfies SuccessResponse);
      }
    }
    return undefined;
  };
  stubServer({ handler });

  return {
    calls,
    conversations,
    /** Sends events of the open answer stream, as one chunk. */
    write: async (text: string) => {
      await act(async () => {
        stream?.enqueue(encoder.encode(text));
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    close: async () => {
      await act(async () => {
        stream?.close();
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    },
    answerWith: (make: () => Response) => {
      chatResponse = make;
    },
    streamOpen: () => stream !== null,
  };
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
  delete (window as { __chatPwned?: boolean }).__chatPwned;
});

const composer = () => screen.getByRole("textbox", { name: "Message" });

describe("/ask", () => {
  it("sends signed-out visitors to sign in, with a way back to /ask", async () => {
    stubChat();
    fake.setSession(null);
    const { router } = renderApp("/ask/c1");
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/signin");
    });
    expect(new URLSearchParams(router.state.location.search).get("redirect")).toBe("/ask/c1");
  });

  it("asks unverified users to verify their e-mail instead of showing the chat", async () => {
    const server = stubChat();
    fake.setSession({ ...VERIFIED, emailVerified: false });
    renderApp("/ask");
    expect(await screen.findByText(CHAT_VERIFY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend Verification Email" })).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Message" })).not.toBeInTheDocument();
    expect(server.calls).toEqual([]);
  });

  it("shows its own header and suggestions on an empty conversation; a suggestion is sent", async () => {
    const server = stubChat();
    renderApp("/ask");
    const header = await screen.findByRole("banner");
    expect(within(header).getByRole("link", { name: /Quanta/ })).toHaveAttribute("href", "/");
    expect(within(header).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(header).getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    // Not the main site's chrome.
    expect(screen.queryByRole("button", { name: "Open menu" })).not.toBeInTheDocument();

    for (const text of CHAT_SUGGESTIONS) expect(screen.getByRole("button", { name: text })).toBeInTheDocument();
    expect(await screen.findByText(/No conversations yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Should I buy NWSC?" }));
    await waitFor(() => {
      expect(server.calls.find((call) => call.url === "/api/chat")?.body).toEqual({ message: "Should I buy NWSC?" });
    });
    expect(screen.getByTestId("user-message")).toHaveTextContent("Should I buy NWSC?");
    expect(screen.queryByRole("button", { name: "Should I buy NWSC?" })).not.toBeInTheDocument();
  });

  it("streams an answer: status line, deltas as they arrive, markdown without raw HTML, citations", async () => {
    const server = stubChat();
    const { router } = renderApp("/ask");
    await userEvent.type(await screen.findByRole("textbox", { name: "Message" }), "Should I buy NWSC?{Enter}");
    await waitFor(() => {
      expect(server.streamOpen()).toBe(true);
    });
    expect(composer()).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Stop" })).toBeInTheDocument();

    const question = msg("m1", "user", "Should I buy NWSC?");
    server.conversations.set("c1", { ...summary("c1", "Should I buy NWSC?"), messages: [question] });
    await server.write(sse({ type: "start", conversation_id: "c1", title: "Should I buy NWSC?", user_message: question }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/ask/c1");
    });

    await server.write(sse({ type: "tool", name: "analyze_stock", label: "Analysing NWSC…" }));
    expect(screen.getByText("Analysing NWSC…")).toBeInTheDocument();
    const answer = screen.getByTestId("assistant-message");
    expect(answer).toHaveAttribute("data-streaming", "true");
    expect(answer.closest("[aria-live='polite']")).not.toBeNull();

    // A chunk that ends in the middle of an event: nothing new until the rest arrives.
    const first = sse({ type: "delta", text: "## Verdict\n\n**Buy** above the " });
    await server.write(first.slice(0, 20));
    expect(within(answer).queryByText("Verdict")).not.toBeInTheDocument();
    await server.write(first.slice(20));
    expect(within(answer).getByRole("heading", { name: "Verdict" })).toBeInTheDocument();
    expect(within(answer).getByText("Buy").tagName).toBe("STRONG");
    expect(screen.queryByText("Analysing NWSC…")).not.toBeInTheDocument();

    const html =
      'buy point.\n\n<script>window.__chatPwned = true</script>\n\nSee <b>bold</b> <img src="x" onerror="window.__chatPwned = true"> ' +
      "[the filing](https://example.com/nwsc) and [javascript](javascript:alert(1)).\n\n" +
      "| Level | Price |\n| --- | ---: |\n| Buy point | 12.40 |\n| Stop | 11.41 |\n";
    await server.write(sse({ type: "delta", text: html }));
    expect(answer).toHaveTextContent("Buy above the buy point.");
    expect(answer.querySelector("script, b, img, [onerror]")).toBeNull();
    expect((window as { __chatPwned?: boolean }).__chatPwned).toBeUndefined();
    // Links to other sites are shown, not followed: words and address as plain text.
    expect(within(answer).queryByRole("link", { name: "the filing" })).not.toBeInTheDocument();
    expect(answer).toHaveTextContent("the filing (https://example.com/nwsc)");
    expect(answer.querySelector("a[href^='http'], a[target]")).toBeNull();
    expect(within(answer).queryByRole("link", { name: "javascript" })?.getAttribute("href") ?? "").not.toMatch(/javascript:/i);
    const table = within(answer).getByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Price" })).toBeInTheDocument();
    expect(within(table).getByRole("cell", { name: "12.40" })).toBeInTheDocument();

    const full = `## Verdict\n\n**Buy** above the ${html}`;
    const stored = msg("m2", "assistant", full, [
      { ticker: "NWSC", as_of: "2026-11-20", analysis_id: "a1", source: "history" },
      { ticker: "NVDA", as_of: "2026-11-19", analysis_id: null, source: "new" },
    ]);
    server.conversations.set("c1", { ...summary("c1", "Should I buy NWSC?"), messages: [question, stored] });
    await server.write(sse({ type: "done", message: stored }));
    await server.close();

    expect(screen.getByTestId("assistant-message")).toHaveAttribute("data-streaming", "false");
    const chips = screen.getAllByTestId("citation");
    expect(chips.map((chip) => chip.textContent)).toEqual([`NWSC · as of ${formatCalendarDate("2026-11-20")}`, `NVDA · as of ${formatCalendarDate("2026-11-19")}`]);
    expect(chips[0]).toHaveAttribute("href", "/stock/NWSC");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled(); // empty composer
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();

    // The list now holds the new conversation, marked as open.
    const nav = screen.getByRole("navigation", { name: "Conversations" });
    await waitFor(() => {
      expect(within(nav).getAllByTestId("conversation-item")).toHaveLength(1);
    });
    expect(within(nav).getByRole("link", { name: "Should I buy NWSC?" })).toHaveAttribute("aria-current", "page");
    expect(screen.getAllByTestId("user-message")).toHaveLength(1);
    expect(screen.getAllByTestId("assistant-message")).toHaveLength(1);
  });

  it("continues an open conversation with its id and Shift+Enter makes a new line", async () => {
    const server = stubChat([{ ...summary("c1", "NWSC"), messages: [msg("m1", "user", "Hi"), msg("m2", "assistant", "Hello")] }]);
    renderApp("/ask/c1");
    expect(await screen.findByText("Hello")).toBeInTheDocument();
    await userEvent.type(composer(), "Line one{Shift>}{Enter}{/Shift}Line two");
    expect(composer()).toHaveValue("Line one\nLine two");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => {
      expect(server.calls.find((call) => call.url === "/api/chat")?.body).toEqual({
        message: "Line one\nLine two",
        conversation_id: "c1",
      });
    });
  });

  it("shows an error event in the answer and lets the user ask again", async () => {
    const server = stubChat();
    renderApp("/ask");
    await userEvent.type(await screen.findByRole("textbox", { name: "Message" }), "Hi{Enter}");
    await waitFor(() => {
      expect(server.streamOpen()).toBe(true);
    });
    await server.write(sse({ type: "error", error: "The assistant is unavailable right now.", code: "llm_failed" }));
    await server.close();
    expect(screen.getByRole("alert")).toHaveTextContent("The assistant is unavailable right now.");
    expect(screen.getByTestId("assistant-message")).toHaveAttribute("data-streaming", "false");
    await userEvent.type(composer(), "Again");
    expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  it("shows the server's refusal (e.g. daily limit) when the request is rejected", async () => {
    const server = stubChat();
    server.answerWith(() => jsonResponse({ error: "You have reached today's chat limit.", code: "rate_limited" } satisfies ApiError, 429));
    renderApp("/ask");
    await userEvent.type(await screen.findByRole("textbox", { name: "Message" }), "Hi{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("You have reached today's chat limit.");
  });

  it("Stop ends the answer and keeps what arrived", async () => {
    const server = stubChat();
    renderApp("/ask");
    await userEvent.type(await screen.findByRole("textbox", { name: "Message" }), "Hi{Enter}");
    await waitFor(() => {
      expect(server.streamOpen()).toBe(true);
    });
    await server.write(sse({ type: "delta", text: "Partial answer" }));
    await userEvent.click(screen.getByRole("button", { name: "Stop" }));
    const answer = screen.getByTestId("assistant-message");
    expect(answer).toHaveAttribute("data-streaming", "false");
    expect(answer).toHaveTextContent("Partial answer");
    expect(answer).toHaveTextContent("Stopped.");
    expect(screen.queryByRole("button", { name: "Stop" })).not.toBeInTheDocument();
  });

  it("after a reload shows the conversation and the list from the server", async () => {
    stubChat([
      {
        ...summary("c2", "Market today"),
        messages: [
          msg("m1", "user", "What is the market doing?"),
          msg("m2", "assistant", "The market is in a **confirmed uptrend** (as of 2026-11-20).\n\n**Sources:** SPY · as of 2026-11-20 (public list); SPY · as of 2026-11-20 (your history)", [
            { ticker: "SPY", as_of: "2026-11-20", analysis_id: null, source: "public" },
            { ticker: "SPY", as_of: "2026-11-20", analysis_id: "a1", source: "history" },
          ]),
        ],
      },
      { ...summary("c1", "Older chat"), messages: [] },
    ]);
    renderApp("/ask/c2");
    expect(await screen.findByText("confirmed uptrend")).toBeInTheDocument();
    expect(screen.getByTestId("user-message")).toHaveTextContent("What is the market doing?");
    // The sources are listed once (one chip per stock, no sources line in the text), with the app's date format.
    expect(screen.getByTestId("citation")).toHaveTextContent(`SPY · as of ${formatCalendarDate("2026-11-20")}`);
    const answer = screen.getByTestId("assistant-message");
    expect(answer).not.toHaveTextContent("Sources:");
    expect(answer).not.toHaveTextContent("2026-11-20");
    expect(answer).toHaveTextContent(`confirmed uptrend (as of ${formatCalendarDate("2026-11-20")})`);
    const nav = screen.getByRole("navigation", { name: "Conversations" });
    await waitFor(() => {
      expect(within(nav).getAllByTestId("conversation-item")).toHaveLength(2);
    });
    expect(within(nav).getByRole("link", { name: "Market today" })).toHaveAttribute("aria-current", "page");
    expect(screen.queryByRole("button", { name: "Should I buy NWSC?" })).not.toBeInTheDocument();
  });

  it("says so when the conversation does not exist", async () => {
    stubChat();
    renderApp("/ask/missing");
    expect(await screen.findByText(/This conversation was not found/)).toBeInTheDocument();
  });

  it("renames a conversation inline: Enter saves, Escape cancels", async () => {
    const server = stubChat([{ ...summary("c1", "Old title"), messages: [] }]);
    renderApp("/ask");
    const nav = await screen.findByRole("navigation", { name: "Conversations" });
    await userEvent.click(await within(nav).findByRole("button", { name: "Rename “Old title”" }));
    let input = within(nav).getByRole("textbox", { name: "Conversation title" });
    expect(input).toHaveFocus();
    await userEvent.clear(input);
    await userEvent.type(input, "Discarded{Escape}");
    expect(within(nav).getByRole("link", { name: "Old title" })).toBeInTheDocument();
    expect(server.calls.some((call) => call.method === "PATCH")).toBe(false);
    expect(within(nav).getByRole("button", { name: "Rename “Old title”" })).toHaveFocus();

    await userEvent.click(within(nav).getByRole("button", { name: "Rename “Old title”" }));
    input = within(nav).getByRole("textbox", { name: "Conversation title" });
    await userEvent.clear(input);
    await userEvent.type(input, "NWSC plan{Enter}");
    expect(within(nav).getByRole("link", { name: "NWSC plan" })).toBeInTheDocument();
    await waitFor(() => {
      expect(server.calls.find((call) => call.method === "PATCH")).toEqual({
        url: "/api/chat/conversations/c1",
        method: "PATCH",
        body: { title: "NWSC plan" },
      });
    });
  });

  it("deletes a conversation after confirming, and leaves it when it was open", async () => {
    const server = stubChat([
      { ...summary("c1", "Keep me"), messages: [] },
      { ...summary("c2", "Delete me"), messages: [msg("m1", "user", "Bye")] },
    ]);
    const { router } = renderApp("/ask/c2");
    const nav = await screen.findByRole("navigation", { name: "Conversations" });
    await userEvent.click(await within(nav).findByRole("button", { name: "Delete “Delete me”" }));
    let dialog = await screen.findByRole("dialog", { name: "Delete this conversation?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(server.calls.some((call) => call.method === "DELETE")).toBe(false);

    await userEvent.click(within(nav).getByRole("button", { name: "Delete “Delete me”" }));
    dialog = await screen.findByRole("dialog", { name: "Delete this conversation?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/ask");
    });
    expect(server.calls.find((call) => call.method === "DELETE")?.url).toBe("/api/chat/conversations/c2");
    await waitFor(() => {
      expect(within(nav).getAllByTestId("conversation-item")).toHaveLength(1);
    });
    expect(within(nav).getByRole("link", { name: "Keep me" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Should I buy NWSC?" })).toBeInTheDocument();
  });

  it("'New chat' leaves the open conversation for an empty one", async () => {
    stubChat([{ ...summary("c1", "NWSC"), messages: [msg("m1", "user", "Hi"), msg("m2", "assistant", "Hello")] }]);
    const { router } = renderApp("/ask/c1");
    expect(await screen.findByText("Hello")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "New chat" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/ask");
    });
    expect(screen.getByRole("button", { name: "What is the market doing?" })).toBeInTheDocument();
  });

  it("on a phone the conversations are in a sheet opened by 'Conversations'", async () => {
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    stubChat([
      { ...summary("c1", "First"), messages: [msg("m1", "user", "Hi"), msg("m2", "assistant", "Hello")] },
      { ...summary("c2", "Second"), messages: [msg("m3", "user", "Again"), msg("m4", "assistant", "Welcome back")] },
    ]);
    const { router } = renderApp("/ask/c1");
    expect(await screen.findByText("Hello")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Conversations" })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Conversations" }));
    const sheet = await screen.findByRole("dialog", { name: "Conversations" });
    const nav = within(sheet).getByRole("navigation", { name: "Conversations" });
    await userEvent.click(await within(nav).findByRole("link", { name: "Second" }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/ask/c2");
    });
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    });
    expect(await screen.findByText("Welcome back")).toBeInTheDocument();
  });
});
