import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiError, CsrfResponse } from "../../../../contracts/api-error";
import type { ChatMessage, ChatStreamEvent } from "../../../../contracts/chat";
import { ApiRequestError } from "../../../lib/api-client";
import { CHAT_INTERRUPTED_MESSAGE, readChatStream, streamChat } from "./chat-api";

vi.mock("../../../lib/identity", () => ({ identitySession: { getToken: () => Promise.resolve("jwt-token") } }));

const encoder = new TextEncoder();

/** A response body that delivers `chunks` one by one, as a network would. */
function streamOf(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

const message = (id: string, role: "user" | "assistant", content: string): ChatMessage => ({
  id,
  role,
  content,
  citations: [],
  created_at: "2026-11-20T10:00:00Z",
});

const sse = (event: unknown) => `data: ${JSON.stringify(event)}\n\n`;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("readChatStream", () => {
  it("parses events split mid-line and several in one chunk, including multi-byte characters split across chunks", async () => {
    const start = sse({ type: "start", conversation_id: "c1", title: "NWSC", user_message: message("m1", "user", "Hi") });
    const euro = encoder.encode(sse({ type: "delta", text: "€5" }));
    const cut = euro.indexOf(0xe2) + 1; // inside the three bytes of '€'
    const chunks: Array<string | Uint8Array> = [
      start.slice(0, 25),
      start.slice(25) + sse({ type: "tool", name: "analyze", label: "Analysing NWSC…" }) + 'data: {"type":"del',
      'ta","text":"Hel"}\n\n',
      euro.slice(0, cut),
      euro.slice(cut),
      sse({ type: "done", message: message("m2", "assistant", "Hel€5") }),
    ];
    const events: ChatStreamEvent[] = [];
    await readChatStream(streamOf(chunks), (event) => events.push(event));
    expect(events.map((event) => event.type)).toEqual(["start", "tool", "delta", "delta", "done"]);
    expect(events[2]).toEqual({ type: "delta", text: "Hel" });
    expect(events[3]).toEqual({ type: "delta", text: "€5" });
  });

  it("passes on an error event and skips data that is not a known event", async () => {
    const events: ChatStreamEvent[] = [];
    await readChatStream(
      streamOf(["data: not json\n\n", sse({ type: "unknown" }), sse({ type: "error", error: "Daily limit reached.", code: "rate_limited" })]),
      (event) => events.push(event),
    );
    expect(events).toEqual([{ type: "error", error: "Daily limit reached.", code: "rate_limited" }]);
  });
});

describe("streamChat", () => {
  function stubFetch(answer: (url: string, init?: RequestInit) => Response) {
    const calls: Array<{ url: string; init?: RequestInit }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
        calls.push({ url, init });
        if (url === "/csrf_cookie") return Promise.resolve(new Response(JSON.stringify({ csrfToken: "csrf-1" } satisfies CsrfResponse)));
        return Promise.resolve(answer(url, init));
      }),
    );
    return calls;
  }

  it("POSTs the message as JSON with the Bearer token and CSRF header and streams the events", async () => {
    const calls = stubFetch(
      () =>
        new Response(streamOf([sse({ type: "delta", text: "Hi" }), sse({ type: "done", message: message("m2", "assistant", "Hi") })]), {
          headers: { "content-type": "text/event-stream" },
        }),
    );
    const events: ChatStreamEvent[] = [];
    await streamChat({ message: "Hello", conversation_id: "c1" }, { onEvent: (event) => events.push(event) });
    const post = calls.find((call) => call.url === "/api/chat");
    const headers = new Headers(post?.init?.headers);
    expect(post?.init?.method).toBe("POST");
    expect(JSON.parse(String(post?.init?.body))).toEqual({ message: "Hello", conversation_id: "c1" });
    expect(headers.get("authorization")).toBe("Bearer jwt-token");
    expect(headers.get("x-csrftoken")).toBe("csrf-1");
    expect(headers.get("content-type")).toBe("application/json");
    expect(events.map((event) => event.type)).toEqual(["delta", "done"]);
  });

  it("rejects with the server's message when the request is refused", async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ error: "Please verify your email first!", code: "email_unverified" } satisfies ApiError), {
          status: 403,
          headers: { "content-type": "application/json" },
        }),
    );
    await expect(streamChat({ message: "Hi" }, { onEvent: () => undefined })).rejects.toMatchObject({
      status: 403,
      code: "email_unverified",
      message: "Please verify your email first!",
    });
  });

  it("rejects when the stream ends without done or error", async () => {
    stubFetch(() => new Response(streamOf([sse({ type: "delta", text: "Hal" })])));
    const error = await streamChat({ message: "Hi" }, { onEvent: () => undefined }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe(CHAT_INTERRUPTED_MESSAGE);
  });

  it("is abortable", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.pathname : input.url;
        if (url === "/csrf_cookie") return Promise.resolve(new Response(JSON.stringify({ csrfToken: "csrf-1" } satisfies CsrfResponse)));
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => {
            reject(new DOMException("The operation was aborted.", "AbortError"));
          });
        });
      }),
    );
    const controller = new AbortController();
    const pending = streamChat({ message: "Hi" }, { signal: controller.signal, onEvent: () => undefined });
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });
});
