import { CircleAlert, LoaderCircle } from "lucide-react";
import type { ChatCitation } from "../../../../contracts/chat";
import { AssistantMarkdown } from "./assistant-markdown";
import { answerText } from "./answer-sources";
import { CitationChips } from "./citation-chips";

export interface DisplayMessage {
  key: string;
  role: "user" | "assistant";
  content: string;
  citations: ChatCitation[];
  /** The live answer: still arriving. */
  streaming?: boolean;
  /** The running tool's label, e.g. 'Analysing NWSC…'. */
  status?: string | null;
  error?: string | null;
  stopped?: boolean;
}

function UserBubble({ message }: { message: DisplayMessage }) {
  return (
    <li className="flex justify-end">
      <div
        data-testid="user-message"
        className="max-w-[85%] min-w-0 rounded-2xl rounded-br-md bg-brand-600 px-4 py-2.5 text-[0.95rem] leading-relaxed wrap-anywhere whitespace-pre-wrap text-white shadow-sm"
      >
        <span className="sr-only">You: </span>
        {message.content}
      </div>
    </li>
  );
}

function AssistantBubble({ message }: { message: DisplayMessage }) {
  const streaming = message.streaming ?? false;
  const waiting = streaming && message.content === "" && !message.status;
  return (
    <li className="flex justify-start">
      <article
        data-testid="assistant-message"
        data-streaming={streaming ? "true" : "false"}
        aria-label="Assistant answer"
        className="w-full max-w-[min(100%,46rem)] min-w-0 rounded-2xl rounded-bl-md border border-line bg-surface px-4 py-3 shadow-sm"
      >
        {message.status ? (
          <p role="status" className="mb-2 flex items-center gap-2 text-sm font-medium text-brand-700">
            <LoaderCircle aria-hidden="true" size={16} className="animate-spin" />
            {message.status}
          </p>
        ) : null}
        {waiting ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <LoaderCircle aria-hidden="true" size={16} className="animate-spin text-brand-600" />
            Thinking…
          </p>
        ) : null}
        {message.content ? <AssistantMarkdown markdown={answerText(message.content, message.citations)} /> : null}
        {streaming && message.content ? (
          <span aria-hidden="true" className="ml-0.5 inline-block h-4 w-1.5 animate-pulse rounded-sm bg-brand-500 align-middle" />
        ) : null}
        {message.error ? (
          <p role="alert" className="mt-2 flex items-start gap-2 rounded-lg bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
            <CircleAlert aria-hidden="true" size={16} className="mt-0.5 shrink-0" />
            {message.error}
          </p>
        ) : null}
        {message.stopped && !message.error ? <p className="mt-2 text-xs font-medium text-muted">Stopped.</p> : null}
        <CitationChips citations={message.citations} />
      </article>
    </li>
  );
}

/** The conversation: the user's questions on the right, the assistant's answers (markdown) on the left. */
export function MessageList({ messages }: { messages: DisplayMessage[] }) {
  return (
    <ol aria-label="Messages" className="flex flex-col gap-4">
      {messages.map((message) =>
        message.role === "user" ? (
          <UserBubble key={message.key} message={message} />
        ) : (
          <AssistantBubble key={message.key} message={message} />
        ),
      )}
    </ol>
  );
}
