import type { ReactNode } from "react";
import { Banner } from "../../../components/ui/banner";

export type FormStatus = { tone: "success" | "error"; message: ReactNode } | null;

/** The green success or red error line under an auth form. */
export function FormStatusBanner({ status }: { status: FormStatus }) {
  if (!status) return null;
  return <Banner tone={status.tone}>{status.message}</Banner>;
}
