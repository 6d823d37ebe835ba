import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatePositionRequest, UpdatePositionRequest } from "../../../../contracts/portfolio";
import {
  createPosition,
  deletePosition,
  fetchPortfolio,
  fetchPositions,
  importTransactions,
  updatePosition,
} from "../../../lib/portfolio-api";
import { portfolioKeys } from "../../../lib/query-keys";

/** GET /api/portfolio: the open positions valued at the last close, and the totals. */
export function usePortfolio() {
  return useQuery({ queryKey: portfolioKeys.summary, queryFn: ({ signal }) => fetchPortfolio(signal) });
}

/** GET /api/positions: every position with its lots and trades (the dialog's detail, the closed P/L). */
export function usePositions() {
  return useQuery({ queryKey: portfolioKeys.positions, queryFn: ({ signal }) => fetchPositions(signal) });
}

/** Every change reprices the portfolio, so both reads are asked again. */
function useInvalidatingMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
  });
}

export function useCreatePosition() {
  return useInvalidatingMutation((request: CreatePositionRequest) => createPosition(request));
}

export function useUpdatePosition() {
  return useInvalidatingMutation(({ id, update }: { id: string; update: UpdatePositionRequest }) => updatePosition(id, update));
}

export function useDeletePosition() {
  return useInvalidatingMutation((id: string) => deletePosition(id));
}

export function useImportTransactions() {
  return useInvalidatingMutation((file: File) => importTransactions(file));
}
