import { useId, useState, type KeyboardEvent, type Ref } from "react";
import { SendHorizontal, Square } from "lucide-react";
import { CHAT_MESSAGE_MAX } from "../../../../contracts/chat";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";

export interface ComposerProps {
  onSend: (message: string) => void;
  onStop: () => void;
  streaming: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

/** The message box: Enter sends, Shift+Enter starts a new line; Stop ends an answer being written. */
export function Composer({ onSend, onStop, streaming, textareaRef }: ComposerProps) {
  const [value, setValue] = useState("");
  const hintId = useId();
  const tooLong = value.length > CHAT_MESSAGE_MAX;
  const canSend = !streaming && value.trim() !== "" && !tooLong;

  const submit = () => {
    if (!canSend) return;
    onSend(value.trim());
    setValue("");
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="mx-auto w-full max-w-3xl"
    >
      <div className="flex items-end gap-2 rounded-2xl border border-slate-300 bg-surface p-2 shadow-sm focus-within:border-brand-600 focus-within:outline-3 focus-within:outline-offset-1 focus-within:outline-brand-500">
        <label htmlFor={`${hintId}-message`} className="sr-only">
          Message
        </label>
        <textarea
          id={`${hintId}-message`}
          ref={textareaRef}
          rows={1}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
          }}
          onKeyDown={onKeyDown}
          placeholder="Ask about a stock, a setup or the market…"
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          className="field-sizing-content max-h-48 min-h-10 w-full min-w-0 flex-1 resize-none bg-transparent px-2 py-2 text-base text-ink placeholder:text-slate-500 focus:outline-none"
        />
        {streaming ? (
          <Button type="button" variant="secondary" size="sm" onClick={onStop} className="h-10">
            <Square aria-hidden="true" size={14} className="fill-current" />
            Stop
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!canSend} className="h-10">
          <SendHorizontal aria-hidden="true" size={16} />
          Send
        </Button>
      </div>
      <p id={hintId} className={cn("mt-1.5 px-2 text-xs", tooLong ? "font-medium text-danger-700" : "text-muted")}>
        {tooLong
          ? `Messages are limited to ${String(CHAT_MESSAGE_MAX)} characters (${String(value.length)} now).`
          : "Enter to send, Shift+Enter for a new line. Answers are research, not investment advice."}
      </p>
    </form>
  );
}
