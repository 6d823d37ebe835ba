export function SkipLink({ targetId = "main-content" }: { targetId?: string }) {
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        // Move focus without changing the URL hash (the router owns it, e.g. #buy-list).
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus();
      }}
      className="sr-only z-[100] rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to main content
    </a>
  );
}
