/** GET /api/logos/:ticker (contracts/logos.ts): the address of a ticker's logo, for an <img>. */
export function logoUrl(ticker: string): string {
  return `/api/logos/${encodeURIComponent(ticker)}`;
}
