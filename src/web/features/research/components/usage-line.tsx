import { useQuery } from "@tanstack/react-query";
import { Gauge } from "lucide-react";
import { fetchUsage } from "../api/research-api";
import { researchKeys } from "../api/research-keys";

/** 'N of M free analyses left today' for signed-in users on the free tier (GET /api/usage). */
export function UsageLine({ enabled }: { enabled: boolean }) {
  const usage = useQuery({ queryKey: researchKeys.usage(), queryFn: fetchUsage, enabled, staleTime: 0, retry: false });
  const data = usage.data;
  if (!enabled || !data || data.premium || data.limit === null || data.remaining === null) return null;
  return (
    <p data-testid="usage-line" className="mt-4 flex items-center gap-2 text-sm text-muted">
      <Gauge aria-hidden="true" size={16} className="shrink-0" />
      {`${String(data.remaining)} of ${String(data.limit)} free analyses left today`}
    </p>
  );
}
