import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type UIEvent } from "react";
import { Link, useNavigate } from "react-router";
import { Dialog as RadixDialog } from "radix-ui";
import { PanelLeft, X } from "lucide-react";
import type { ChatMessage } from "../../../../contracts/chat";
import { Banner } from "../../../components/ui/banner";
import { Button, buttonClasses } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { ApiRequestError } from "../../../lib/api-client";
import { usePageTitle } from "../../../lib/use-page-title";
import { useConversation } from "../api/chat-api";
import { Composer } from "./composer";
import { ConversationSidebar } from "./conversation-sidebar";
import { MessageList, type DisplayMessage } from "./message-list";
import { Suggestions } from "./suggestions";
import { useChatStream, type ChatTurn } from "./use-chat-stream";
import { useMediaQuery } from "../../../lib/use-media-query";
import { paths } from "../../../../contracts/paths";

const fromServer = (message: ChatMessage): DisplayMessage => ({
  key: message.id,
  role: message.role,
  content: message.content,
  citations: message.citations,
});

/** The stored messages, then the turn in progress where the server does not have it yet. */
export function mergeMessages(stored: ChatMessage[], turn: ChatTurn | null): DisplayMessage[] {
  const messages = stored.map(fromServer);
  if (!turn) return messages;
  const ids = new Set(stored.map((message) => message.id));
  if (!ids.has(turn.userMessage.id)) messages.push(fromServer(turn.userMessage));
  // A stopped or failed answer the server kept (seen after asking again) replaces the live one.
  const asked = stored.findIndex((message) => message.id === turn.userMessage.id);
  const answeredInStore = asked >= 0 && stored.slice(asked + 1).some((message) => message.role === "assistant");
  const storedAnswer = turn.assistantId ? ids.has(turn.assistantId) : !turn.streaming && answeredInStore;
  if (!storedAnswer) {
    messages.push({
      key: turn.assistantId ?? `live-${turn.userMessage.id}`,
      role: "assistant",
      content: turn.content,
      citations: turn.citations,
      streaming: turn.streaming,
      status: turn.status,
      error: turn.error,
      stopped: turn.stopped,
    });
  }
  return messages;
}

export interface ChatViewProps {
  /** The open conversation (from the URL), undefined for a new chat. */
  conversationId: string | undefined;
  brand: string;
}

type ConversationQuery = ReturnType<typeof useConversation>;

/** What the page shows of the open conversation: loading, its failure, suggestions for a new chat, or its messages. */
function ChatBody({
  conversationId,
  conversation,
  hasTurn,
  messages,
  title,
  streaming,
  onSend,
  onReset,
}: {
  conversationId: string | undefined;
  conversation: ConversationQuery;
  /** A turn of this conversation is on screen (it shows even before the conversation loads). */
  hasTurn: boolean;
  messages: DisplayMessage[];
  title: string;
  streaming: boolean;
  onSend: (text: string) => void;
  onReset: () => void;
}) {
  if (conversationId && conversation.isPending && !hasTurn) return <PageSpinner label="Loading the conversation…" />;
  if (conversationId && conversation.isError && !hasTurn) {
    const notFound = conversation.error instanceof ApiRequestError && conversation.error.status === 404;
    return (
      <div className="mx-auto max-w-xl space-y-3 py-10">
        <Banner tone="error">
          {notFound ? "This conversation was not found. It may have been deleted." : conversation.error.message}
        </Banner>
        <div className="flex gap-2">
          {notFound ? null : (
            <Button variant="secondary" size="sm" onClick={() => void conversation.refetch()}>
              Try again
            </Button>
          )}
          <Link to={paths.ask()} onClick={onReset} className={buttonClasses({ size: "sm" })}>
            Start a new chat
          </Link>
        </div>
      </div>
    );
  }
  if (messages.length === 0) return <Suggestions onPick={onSend} disabled={streaming} />;
  return (
    <div className="mx-auto w-full max-w-3xl">
      <h1 className="sr-only">{title}</h1>
      <MessageList messages={messages} />
    </div>
  );
}

/** On phones: the conversations in a sheet over the page, opened from a button above the conversation. */
function ConversationsSheet({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <PanelLeft aria-hidden="true" size={16} />
          Conversations
        </Button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onEscapeKeyDown={(event) => {
            // Escape in the rename field cancels the rename, not the sheet.
            if (event.target instanceof HTMLElement && event.target.closest("[data-rename-input]")) event.preventDefault();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[85vw] max-w-xs flex-col border-r border-line bg-canvas shadow-header data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in focus-visible:outline-none"
        >
          <div className="flex items-center justify-between border-b border-line px-4 py-3">
            <RadixDialog.Title className="text-base font-semibold text-ink">Conversations</RadixDialog.Title>
            <RadixDialog.Close aria-label="Close conversations" className="rounded-md p-1.5 text-muted hover:bg-slate-100 hover:text-ink">
              <X aria-hidden="true" size={18} />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** On phones, above the conversation: the button that opens the conversations, and the open one's title. */
function PhoneChatBar({
  title,
  sheetOpen,
  onSheetOpenChange,
  children,
}: {
  title: string;
  sheetOpen: boolean;
  onSheetOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2 border-b border-line px-3 py-2">
      <ConversationsSheet open={sheetOpen} onOpenChange={onSheetOpenChange}>
        {children}
      </ConversationsSheet>
      <p className="min-w-0 flex-1 truncate text-sm font-semibold text-ink">{title}</p>
    </div>
  );
}

/** Keeps the newest message in view as the answer grows, unless the reader scrolled up; `follow` resumes it. */
function useFollowAnswer(messages: DisplayMessage[]) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const lastContent = messages.at(-1)?.content;
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (element && stickToBottom.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, lastContent]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    stickToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
  };
  const follow = () => {
    stickToBottom.current = true;
  };
  return { scrollRef, onScroll, follow };
}

/** The open conversation as loaded, with the turn in progress merged in when it belongs here. */
function useOpenConversation(conversationId: string | undefined, turn: ChatTurn | null) {
  const conversation = useConversation(conversationId);
  // A new chat's turn stays on screen while the URL moves from /ask to /ask/:id.
  const turnHere =
    turn && ((turn.conversationId ?? undefined) === conversationId || (turn.origin === null && conversationId === undefined && turn.streaming))
      ? turn
      : null;
  const messages = useMemo(
    () => mergeMessages(conversationId ? (conversation.data?.messages ?? []) : [], turnHere),
    [conversationId, conversation.data, turnHere],
  );
  const title = conversationId ? (conversation.data?.title ?? "Chat") : "New chat";
  return { conversation, turnHere, messages, title };
}

/** The chat page: conversations beside (or, on phones, in a sheet over) the open conversation and its composer. */
export function ChatView({ conversationId, brand }: ChatViewProps) {
  const navigate = useNavigate();
  const wide = useMediaQuery("(min-width: 768px)");
  const [sheetOpen, setSheetOpen] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const onConversationStarted = useCallback(
    (id: string, isNew: boolean) => {
      if (isNew) void navigate(paths.ask(id), { replace: true });
    },
    [navigate],
  );
  const { turn, streaming, send, stop, reset } = useChatStream({ onConversationStarted });
  const { conversation, turnHere, messages, title } = useOpenConversation(conversationId, turn);
  usePageTitle(title, brand);

  // Another conversation (a link, back/forward): forget the last turn unless it belongs there.
  useEffect(() => {
    if (turn && !turn.streaming && (turn.conversationId ?? undefined) !== conversationId) reset();
  }, [conversationId, turn, reset]);

  const { scrollRef, onScroll, follow } = useFollowAnswer(messages);

  // On a desktop the composer is ready to type in (on phones the keyboard would cover the page).
  useEffect(() => {
    if (wide) textareaRef.current?.focus();
  }, [wide]);

  const focusComposer = () => {
    requestAnimationFrame(() => textareaRef.current?.focus());
  };

  const sendMessage = (text: string) => {
    follow();
    void send(text, conversationId ?? null);
    focusComposer();
  };

  const newChat = () => {
    reset();
    setSheetOpen(false);
    void navigate(paths.ask());
    focusComposer();
  };

  const selectConversation = (id: string) => {
    setSheetOpen(false);
    if (id !== conversationId && streaming) reset();
  };

  const onDeleted = (id: string) => {
    if (id === conversationId) {
      reset();
      void navigate(paths.ask(), { replace: true });
    }
  };

  const sidebar = (
    <ConversationSidebar activeId={conversationId} onNewChat={newChat} onSelect={selectConversation} onDeleted={onDeleted} />
  );

  return (
    <div className="flex h-full min-h-0">
      {wide ? (
        <aside aria-label="Chat history" className="flex w-72 shrink-0 flex-col border-r border-line bg-canvas">
          {sidebar}
        </aside>
      ) : null}

      <section aria-label="Chat" className="flex min-w-0 flex-1 flex-col bg-surface">
        {wide ? null : (
          <PhoneChatBar title={title} sheetOpen={sheetOpen} onSheetOpenChange={setSheetOpen}>
            {sidebar}
          </PhoneChatBar>
        )}

        <div ref={scrollRef} onScroll={onScroll} aria-live="polite" className="min-h-0 flex-1 overflow-y-auto px-3 py-4 sm:px-6">
          <ChatBody
            conversationId={conversationId}
            conversation={conversation}
            hasTurn={turnHere !== null}
            messages={messages}
            title={title}
            streaming={streaming}
            onSend={sendMessage}
            onReset={reset}
          />
        </div>

        <div className="border-t border-line bg-surface px-3 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:px-6">
          <Composer onSend={sendMessage} onStop={stop} streaming={streaming} textareaRef={textareaRef} />
        </div>
      </section>
    </div>
  );
}
