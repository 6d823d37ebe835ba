import { MessagesSquare } from "lucide-react";
import { chatAskUrl } from "../../../config/public-config";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogClose, DialogContent } from "../../../components/ui/dialog";

export interface StartChatModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Base URL of the chat site; '' means this site. */
  chatUrl: string;
}

/** 'Start a New Chat?' (docs/product.md): 'Start Chat' opens the chat site's /ask in a new tab. */
export function StartChatModal({ open, onOpenChange, chatUrl }: StartChatModalProps) {
  const start = () => {
    window.open(chatAskUrl(chatUrl), "_blank", "noopener,noreferrer");
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Start a New Chat?"
        description="Ask Quanta about stocks, setups and the market. The chat opens in a new tab."
      >
        <div className="flex items-center gap-3 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          <MessagesSquare aria-hidden="true" size={20} className="shrink-0" />
          <span>Answers are research, not investment advice.</span>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button onClick={start}>Start Chat</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
