import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./support/mailbox";
import { OIDC_PORT } from "./support/ports";
import { msFromStatusToUrl, recordTimeline } from "./support/timeline";

// 'Sign up with Google' against a real OpenID Connect provider started by the suite (oidc-provider),
// through the same discovery-based code path as Google itself.
test("Sign up with Google opens a popup and signs the user in when it completes", async ({ page }) => {
  const email = uniqueEmail("google");
  await recordTimeline(page);
  await page.goto("/signup");
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: /Sign up with Google/ }).click();
  const popup = await popupPromise;

  await popup.waitForURL(new RegExp(`localhost:${OIDC_PORT}/`));
  await popup.locator('input[name="login"]').fill(email);
  await popup.locator('input[name="password"]').fill("any password");
  await popup.getByRole("button", { name: /sign-in/i }).click();
  // The popup may close as soon as consent is given: listen for that before clicking.
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: /continue/i }).click();
  await closed;

  await expect(page.getByRole("status")).toContainText("Sign up successful!");
  const delay = await msFromStatusToUrl(page, "Sign up successful!", /\/#buy-list$/);
  expect(delay).toBeGreaterThan(1_000);
  expect(delay).toBeLessThan(3_000);
  await expect(page.getByRole("banner").getByRole("button", { name: email })).toBeVisible();
});
