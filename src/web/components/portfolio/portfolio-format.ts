const sharesFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });
const moneyFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A share count as held: 1234 → '1,234', 0.5 → '0.5' (fractional shares keep up to 6 decimals). */
export function formatShares(value: number): string {
  return sharesFormat.format(value);
}

/** Dollars with the sign first: 1234.5 → '$1,234.50', -12 → '-$12.00'; 'N/A' when unknown. */
export function formatMoney(value: number | null | undefined): string {
  return typeof value === "number" && Number.isFinite(value) ? moneyFormat.format(value) : "N/A";
}
