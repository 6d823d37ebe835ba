import { useEffect, useRef } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { PublicRefreshStatus } from "../../../../contracts/public-refresh-status";
import { REFRESH_STATUS_POLL_MS } from "../../../config/timing";
import { landingKeys } from "./landing-keys";
import { fetchRefreshStatus } from "./refresh-status";

/**
 * The daily screen's status while a public list is empty (`enabled`): asked again every 5 s while it
 * runs; when a run that was seen running has finished, both lists are fetched again. Null until known
 * (or when the status cannot be read: the list then shows its ordinary empty state).
 */
export function useRefreshStatus(enabled: boolean): PublicRefreshStatus | null {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: landingKeys.refreshStatus,
    queryFn: ({ signal }) => fetchRefreshStatus(signal),
    enabled,
    staleTime: 0,
    refetchInterval: (current) => (current.state.data?.refreshing ? REFRESH_STATUS_POLL_MS : false),
  });
  const status = enabled ? (query.data ?? null) : null;
  const sawRunning = useRef(false);
  useEffect(() => {
    if (!status) return;
    if (status.refreshing) {
      sawRunning.current = true;
    } else if (sawRunning.current) {
      sawRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: landingKeys.allPublicStocks });
    }
  }, [status, queryClient]);
  return status;
}
