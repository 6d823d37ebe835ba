import { useEffect } from "react";

/** Sets the document title to "<page> · <brand>", or just the brand for the home page. */
export function usePageTitle(page: string | null, brand = "Quanta"): void {
  useEffect(() => {
    document.title = page ? `${page} · ${brand}` : brand;
  }, [page, brand]);
}
