interface NavigatorWithUaData {
  userAgentData?: { mobile?: boolean };
  userAgent?: string;
}

/** True on phones and tablets, whose connections get the longer network time-out (docs/product.md). */
export function isMobileDevice(
  nav: NavigatorWithUaData | undefined = typeof navigator === "undefined" ? undefined : navigator,
): boolean {
  if (!nav) return false;
  if (typeof nav.userAgentData?.mobile === "boolean") return nav.userAgentData.mobile;
  return /Android|iPhone|iPad|iPod|Mobile|Silk|Opera Mini/i.test(nav.userAgent ?? "");
}
