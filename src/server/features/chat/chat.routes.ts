import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  chatConversationListSchema,
  chatConversationSchema,
  chatConversationSummarySchema,
  chatRenameSchema,
  chatRequestSchema,
  type ChatStreamEvent,
} from "../../../contracts/chat";
import { apiErrorSchema as errorBody, idParamsSchema as idParams, successSchema } from "../../../contracts/api-error";
import { AppError } from "../../app-error";
import { requireUser, verifiedUser } from "../../plugins/require-user";
import type { ChatService } from "./chat.service";

const INTERNAL_MESSAGE = "Something went wrong on our side. Please try again in a moment.";

/**
 * Takes the answer over as a server-sent event stream: `send` writes one event while the client is
 * there, `signal` aborts when the client goes away before the end.
 */
function openEventStream(reply: FastifyReply): { send: (event: ChatStreamEvent) => void; signal: AbortSignal } {
  reply.hijack();
  const raw = reply.raw;
  // Headers set so far (security headers, request id) would be lost with the hijack: copy them.
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  const aborted = new AbortController();
  raw.on("close", () => {
    if (!raw.writableFinished) aborted.abort();
  });
  const send = (event: ChatStreamEvent) => {
    if (!raw.destroyed && !raw.writableEnded) raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  return { send, signal: aborted.signal };
}

/** The chat site's API: conversations, and POST /api/chat answering as server-sent events. */
export async function chatRoutes(app: FastifyInstance, deps: { chat: () => Promise<ChatService> }): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Every chat call is for a verified account (docs/product.md: chat needs a verified e-mail).
  const preHandler = requireUser({ verified: true });

  typed.post(
    "/api/chat",
    {
      preHandler,
      schema: {
        tags: ["chat"],
        summary: "Ask the assistant; answers text/event-stream (start → tool/delta… → done, or error)",
        body: chatRequestSchema,
        produces: ["text/event-stream"],
        response: { 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const user = verifiedUser(request);
      const chat = await deps.chat();
      // Everything that can be refused is refused here, as a normal JSON answer.
      const turn = await chat.begin(user, request.body);

      const { send, signal } = openEventStream(reply);
      send({ type: "start", conversation_id: turn.conversation.id, title: turn.conversation.title, user_message: turn.userMessage });
      try {
        const message = await chat.respond(
          user,
          turn,
          { tool: (name, label) => send({ type: "tool", name, label }), delta: (text) => send({ type: "delta", text }) },
          signal,
        );
        send({ type: "done", message });
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          send({ type: "error", error: error.message, code: error.code });
        } else {
          request.log.error({ err: error }, "chat answer failed");
          send({ type: "error", error: error instanceof AppError ? error.message : INTERNAL_MESSAGE, code: error instanceof AppError ? error.code : "internal_error" });
        }
      } finally {
        if (!reply.raw.writableEnded) reply.raw.end();
      }
    },
  );

  conversationRoutes(app, deps);
}

/** The signed-in user's conversations: list, read, rename, delete. */
function conversationRoutes(app: FastifyInstance, deps: { chat: () => Promise<ChatService> }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser({ verified: true });

  typed.get(
    "/api/chat/conversations",
    { preHandler, schema: { tags: ["chat"], response: { 200: chatConversationListSchema } } },
    async (request) => {
      const user = verifiedUser(request);
      return { conversations: await (await deps.chat()).list(user) };
    },
  );

  typed.get(
    "/api/chat/conversations/:id",
    { preHandler, schema: { tags: ["chat"], params: idParams, response: { 200: chatConversationSchema, 404: errorBody } } },
    async (request) => {
      const user = verifiedUser(request);
      return (await deps.chat()).get(user, request.params.id);
    },
  );

  typed.patch(
    "/api/chat/conversations/:id",
    {
      preHandler,
      schema: {
        tags: ["chat"],
        params: idParams,
        body: chatRenameSchema,
        response: { 200: chatConversationSummarySchema, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const user = verifiedUser(request);
      return (await deps.chat()).rename(user, request.params.id, request.body.title);
    },
  );

  typed.delete(
    "/api/chat/conversations/:id",
    { preHandler, schema: { tags: ["chat"], params: idParams, response: { 200: successSchema, 404: errorBody } } },
    async (request) => {
      const user = verifiedUser(request);
      await (await deps.chat()).remove(user, request.params.id);
      return { success: true as const };
    },
  );
}
