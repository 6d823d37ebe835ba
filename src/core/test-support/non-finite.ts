/** True when a value holds NaN or ±Infinity anywhere, or a string that printed one. */
export function hasNonFinite(value: unknown): boolean {
  if (typeof value === "number") return !Number.isFinite(value);
  if (Array.isArray(value)) return value.some(hasNonFinite);
  if (value && typeof value === "object") return Object.values(value).some(hasNonFinite);
  if (typeof value === "string") return /\bNaN\b|Infinity/.test(value);
  return false;
}
