import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import { CHAT_TITLE_MAX, type ChatConversationSummary } from "../../../../contracts/chat";
import { Banner } from "../../../components/ui/banner";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { useConversations, useDeleteConversation, useRenameConversation } from "../api/chat-api";
import { paths } from "../../../../contracts/paths";

export interface ConversationSidebarProps {
  activeId: string | undefined;
  onNewChat: () => void;
  /** A conversation was chosen (closes the mobile sheet). */
  onSelect: (id: string) => void;
  /** A conversation was deleted (leave it if it was open). */
  onDeleted: (id: string) => void;
}

const iconButton =
  "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-muted hover:bg-slate-200 hover:text-ink " +
  "focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-500";

function RenameInput({
  title,
  onSave,
  onCancel,
}: {
  title: string;
  onSave: (title: string) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(title);
  const inputRef = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const save = () => {
    if (finished.current) return;
    finished.current = true;
    const next = value.trim();
    if (next === "" || next === title) onCancel();
    else onSave(next);
  };
  const cancel = () => {
    if (finished.current) return;
    finished.current = true;
    onCancel();
  };

  return (
    <input
      ref={inputRef}
      aria-label="Conversation title"
      data-rename-input=""
      value={value}
      maxLength={CHAT_TITLE_MAX}
      onChange={(event) => {
        setValue(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          save();
        } else if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          cancel();
        }
      }}
      onBlur={save}
      className="h-9 w-full min-w-0 rounded-md border border-brand-600 bg-surface px-2 text-sm text-ink outline-3 outline-offset-0 outline-brand-500"
    />
  );
}

function ConversationItem({
  conversation,
  active,
  onSelect,
  onRename,
  onDelete,
}: {
  conversation: ChatConversationSummary;
  active: boolean;
  onSelect: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // After renaming, focus goes back to the Rename button (the input it replaced is gone).
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing && refocus.current) {
      refocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  const stopEditing = () => {
    refocus.current = true;
    setEditing(false);
  };

  return (
    <li
      data-testid="conversation-item"
      className={cn(
        "group flex items-center gap-1 rounded-lg pr-1 transition-colors",
        active ? "bg-brand-50 text-brand-800" : "text-ink hover:bg-slate-100",
      )}
    >
      {editing ? (
        <div className="flex-1 p-1">
          <RenameInput
            title={conversation.title}
            onCancel={stopEditing}
            onSave={(title) => {
              onRename(title);
              stopEditing();
            }}
          />
        </div>
      ) : (
        <>
          <Link
            to={paths.ask(conversation.id)}
            aria-current={active ? "page" : undefined}
            onClick={onSelect}
            title={conversation.title}
            className={cn(
              "min-w-0 flex-1 truncate rounded-lg px-3 py-2 text-sm",
              "focus-visible:outline-3 focus-visible:outline-offset-0 focus-visible:outline-brand-500",
              active ? "font-semibold" : "font-medium",
            )}
          >
            {conversation.title || "Untitled chat"}
          </Link>
          <div className="flex shrink-0 items-center opacity-100 pointer-fine:md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100">
            <button
              ref={renameButton}
              type="button"
              aria-label={`Rename “${conversation.title}”`}
              title="Rename"
              onClick={() => {
                setEditing(true);
              }}
              className={iconButton}
            >
              <Pencil aria-hidden="true" size={14} />
            </button>
            <button
              type="button"
              aria-label={`Delete “${conversation.title}”`}
              title="Delete"
              onClick={onDelete}
              className={cn(iconButton, "hover:text-danger-700")}
            >
              <Trash2 aria-hidden="true" size={14} />
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** The conversation list: open, rename (inline) or delete (after confirming) a chat; start a new one. */
export function ConversationSidebar({ activeId, onNewChat, onSelect, onDeleted }: ConversationSidebarProps) {
  const conversations = useConversations();
  const rename = useRenameConversation();
  const remove = useDeleteConversation();
  const [toDelete, setToDelete] = useState<ChatConversationSummary | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    remove.mutate(id, {
      onSuccess: () => {
        setToDelete(null);
        onDeleted(id);
      },
    });
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="p-3">
        <Button variant="secondary" className="w-full justify-start" onClick={onNewChat}>
          <MessageSquarePlus aria-hidden="true" size={18} />
          New chat
        </Button>
      </div>
      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {conversations.isPending ? (
          <div className="px-3 py-2">
            <Spinner label="Loading conversations…" showLabel />
          </div>
        ) : conversations.isError ? (
          <div className="space-y-2 px-1">
            <Banner tone="error">{conversations.error.message || "Could not load your conversations."}</Banner>
            <Button variant="link" size="sm" onClick={() => void conversations.refetch()}>
              Try again
            </Button>
          </div>
        ) : conversations.data.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted">No conversations yet. Ask your first question.</p>
        ) : (
          <ul className="space-y-0.5">
            {conversations.data.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                conversation={conversation}
                active={conversation.id === activeId}
                onSelect={() => {
                  onSelect(conversation.id);
                }}
                onRename={(title) => {
                  rename.mutate({ id: conversation.id, title });
                }}
                onDelete={() => {
                  remove.reset();
                  setToDelete(conversation);
                }}
              />
            ))}
          </ul>
        )}
        {rename.isError ? (
          <p role="alert" className="mt-2 px-3 text-sm font-medium text-danger-700">
            {rename.error.message || "Could not rename the conversation."}
          </p>
        ) : null}
      </nav>

      <Dialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
      >
        <DialogContent
          title="Delete this conversation?"
          description={`“${toDelete?.title ?? ""}” and all its messages will be deleted. This cannot be undone.`}
        >
          {remove.isError ? (
            <Banner tone="error" className="mb-4">
              {remove.error.message || "Could not delete the conversation."}
            </Banner>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button variant="danger" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? "Deleting…" : "Delete"}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
