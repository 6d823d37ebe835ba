/**
 * Moves the keyboard focus off a row about to disappear, so it is not lost to <body>: to the next
 * row's remove button, else the previous row's, else the page's heading (made focusable by script only).
 */
export function focusAfterRemoval(row: Element | null | undefined): void {
  // Each row's remove button carries data-remove-action.
  const selector = "[data-remove-action]";
  const neighbour = row?.nextElementSibling?.querySelector<HTMLElement>(selector) ?? row?.previousElementSibling?.querySelector<HTMLElement>(selector);
  if (neighbour) {
    neighbour.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}
