/** The Quanta mark: a rising line in a rounded square. Decorative; the brand name is text next to it. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#2553d9" />
      <path
        d="M7 21.5 13 15l4 4 8-9"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="25" cy="10" r="2" fill="#93b4fd" />
    </svg>
  );
}
