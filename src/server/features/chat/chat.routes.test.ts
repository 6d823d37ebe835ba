import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterEach, describe, expect, it } from "vitest";
import { chatStreamEventSchema } from "../../../contracts/chat";
import { AppError } from "../../app-error";
import { registerErrorHandler } from "../../plugins/error-handler";
import { registerUserGate } from "../../plugins/require-user";
import type { AssistantOutput } from "./chat-assistant";
import type { ChatService, ChatTurn } from "./chat.service";
import { chatRoutes } from "./chat.routes";

const turn: ChatTurn = {
  conversation: { id: "c1", title: "Hello", created_at: "2026-11-22T00:00:00.000Z", updated_at: "2026-11-22T00:00:00.000Z" },
  userMessage: { id: "m1", role: "user", content: "Hello", citations: [], created_at: "2026-11-22T00:00:00.000Z" },
  history: [],
};

/** POST /api/chat over a service whose answer fails after one delta. */
async function appFailingWith(error: Error): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const chat = {
    begin: async () => turn,
    respond: async (_user: unknown, _turn: ChatTurn, out: AssistantOutput) => {
      out.tool("latest_analysis", "Looking up NWSC…");
      out.delta("Partial ");
      throw error;
    },
  } as unknown as ChatService;
  registerUserGate(app, async () => ({ id: "u1", email: "u@example.com", emailVerified: true }));
  await app.register(chatRoutes, { chat: async () => chat });
  await app.ready();
  return app;
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

function parse(body: string) {
  return body
    .split("\n\n")
    .filter(Boolean)
    .map((block) => chatStreamEventSchema.parse(JSON.parse(block.replace(/^data: /, ""))));
}

describe("POST /api/chat when the answer fails mid-stream", () => {
  it("ends the stream with an error event that does not leak internals", async () => {
    app = await appFailingWith(new Error("database connection lost at 10.0.0.3"));
    const response = await app.inject({ method: "POST", url: "/api/chat", payload: { message: "Hello" } });
    expect(response.statusCode).toBe(200);
    const events = parse(response.body);
    expect(events.map((e) => e.type)).toEqual(["start", "tool", "delta", "error"]);
    expect(events[3]).toEqual({ type: "error", error: "Something went wrong on our side. Please try again in a moment.", code: "internal_error" });
  });

  it("passes an AppError's message and code", async () => {
    app = await appFailingWith(new AppError(503, "market_data_unavailable", "Market data provider unavailable, please try again later"));
    const events = parse((await app.inject({ method: "POST", url: "/api/chat", payload: { message: "Hello" } })).body);
    expect(events.at(-1)).toEqual({ type: "error", error: "Market data provider unavailable, please try again later", code: "market_data_unavailable" });
  });
});
