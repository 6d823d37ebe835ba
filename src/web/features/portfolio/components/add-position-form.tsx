import { useState } from "react";
import { Plus } from "lucide-react";
import { TradeForm } from "../../../components/portfolio/trade-form";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent } from "../../../components/ui/dialog";
import { useCreatePosition } from "../api/use-portfolio";

/** 'Add a position': a buy typed by hand (ticker, date, shares, price, fees, stop). */
export function AddPositionButton() {
  const [open, setOpen] = useState(false);
  const create = useCreatePosition();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button data-testid="add-position" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" size={18} />
        Add a position
      </Button>
      <DialogContent title="Add a position" description="A buy you made: the stock, when, how many shares at what price, and your stop.">
        <TradeForm
          testId="add-position-form"
          fields={["ticker", "date", "shares", "price", "fees", "stop"]}
          initial={{}}
          submitLabel="Add to portfolio"
          busyLabel="Adding…"
          onSubmit={async (trade) => {
            await create.mutateAsync({
              ticker: trade.ticker,
              date: trade.date,
              shares: trade.shares,
              price: trade.price,
              fees: trade.fees,
              stop: trade.stop,
              source: "manual",
            });
            setOpen(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
