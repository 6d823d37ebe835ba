import type { Lot, Trade } from "./portfolio-types";

/**
 * FIFO lots (decision 062): a sell consumes the oldest lots first; a buy's fees add to its lot's cost,
 * a sell's fees reduce its proceeds. Shares are counted in millionths so that fractional shares add up
 * exactly (the database keeps six places).
 */

const MICRO = 1_000_000;
const toMicro = (shares: number): number => Math.round(shares * MICRO);

export interface Replay {
  /** The lots still held, oldest first. */
  lots: Lot[];
  shares: number;
  /** What the remaining lots cost, fees included. */
  costBasis: number;
  /** Proceeds of the sells (net of their fees) minus the cost of the lots they consumed. */
  realisedPl: number;
  /** The cost of the lots the sells consumed. */
  realisedCost: number;
  /** The date the holding last fell to zero; null while shares are held. */
  closedOn: string | null;
}

/** Trades by date; trades of one date keep their given order (a sell after the buy it sells). */
export function byDate<T extends { date: string }>(trades: readonly T[]): T[] {
  return trades
    .map((trade, index) => ({ trade, index }))
    .sort((a, b) => (a.trade.date < b.trade.date ? -1 : a.trade.date > b.trade.date ? 1 : a.index - b.index))
    .map(({ trade }) => trade);
}

interface OpenLot {
  lot: Lot;
  micro: number;
}

function consume(open: OpenLot[], sellMicro: number): number {
  let left = sellMicro;
  let cost = 0;
  while (left > 0 && open.length > 0) {
    const head = open[0]!;
    const take = Math.min(head.micro, left);
    cost += (take / MICRO) * head.lot.costPerShare;
    head.micro -= take;
    left -= take;
    if (head.micro === 0) open.shift();
  }
  return cost;
}

/** Replays trades (any order; sorted by date) into FIFO lots. A sell beyond the holding sells what there is (see `oversold`). */
export function replayFifo(trades: readonly Trade[]): Replay {
  const open: OpenLot[] = [];
  let realisedPl = 0;
  let realisedCost = 0;
  let closedOn: string | null = null;
  for (const trade of byDate(trades)) {
    const micro = toMicro(trade.shares);
    if (trade.side === "buy") {
      open.push({ micro, lot: { tradeId: trade.id, date: trade.date, shares: trade.shares, price: trade.price, costPerShare: trade.price + trade.fees / trade.shares } });
      closedOn = null;
      continue;
    }
    const held = open.reduce((sum, lot) => sum + lot.micro, 0);
    const sold = Math.min(micro, held);
    const cost = consume(open, sold);
    // A partial oversell (refused upstream) still books proceeds only for the shares there were.
    const proceeds = (sold / MICRO) * trade.price - trade.fees;
    realisedPl += proceeds - cost;
    realisedCost += cost;
    if (open.length === 0) closedOn = trade.date;
  }
  const lots = open.map(({ lot, micro }) => ({ ...lot, shares: micro / MICRO }));
  return {
    lots,
    shares: open.reduce((sum, lot) => sum + lot.micro, 0) / MICRO,
    costBasis: open.reduce((sum, lot) => sum + (lot.micro / MICRO) * lot.lot.costPerShare, 0),
    realisedPl,
    realisedCost,
    closedOn,
  };
}

/** The first sell (index into `trades`) that sells more than is held at that date, with what was held; null if none. */
export function oversold(trades: readonly Trade[]): { index: number; held: number } | null {
  const order = trades.map((trade, index) => ({ trade, index, date: trade.date }));
  let held = 0;
  for (const { trade, index } of byDate(order)) {
    const micro = toMicro(trade.shares);
    if (trade.side === "buy") held += micro;
    else if (micro > held) return { index, held: held / MICRO };
    else held -= micro;
  }
  return null;
}
