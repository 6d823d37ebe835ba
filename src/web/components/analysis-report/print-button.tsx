import { Printer } from "lucide-react";
import { Button } from "../ui/button";
import { cn } from "../../lib/cn";

/** 'Print' for a report: the browser's print dialog, with the report's print styles. */
export function PrintButton({ className }: { className?: string }) {
  return (
    <Button
      variant="secondary"
      onClick={() => {
        window.print();
      }}
      className={cn("h-10 px-3 sm:h-11 sm:px-4", className)}
    >
      <Printer aria-hidden="true" size={18} />
      Print
    </Button>
  );
}
