import { signIn } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll } from "./support/layout";
import { shot } from "./support/screenshots";

// Self-service account deletion: a verified user opens the account menu, reads what goes, gives a
// wrong password (nothing happens), then the right one, lands signed out on the landing page with a
// one-line notice, and cannot sign in with the deleted account again.

const PHONE = { width: 390, height: 844 };

test("a user deletes their account from the account menu, lands signed out, and cannot sign in again", async ({ page, verifiedUser: user }) => {
  test.setTimeout(60_000);
  await page.goto("/dashboard");
  const trigger = page.getByRole("banner").getByRole("button", { name: user.email });
  const item = page.getByRole("menuitem", { name: "Delete account…" });
  // The menu's chunk may still be arriving right after the first render: press again until it shows.
  await expect(async () => {
    if (!(await item.isVisible())) await trigger.click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText(`This deletes ${user.email} and everything in it, at once and for good:`);
  await expect(dialog.getByRole("link", { name: "analyses (history, Export CSV)" })).toHaveAttribute("href", "/dashboard");
  await expect(dialog.getByRole("link", { name: "portfolio (Export CSV)" })).toHaveAttribute("href", "/portfolio");
  await expect(dialog.getByLabel("Your password")).toBeVisible();
  // The picture once the dialog's opening animation has ended.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await shot(page, "delete-account-dialog", { fullPage: false });
  await page.setViewportSize(PHONE);
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeInViewport();
  await expectNoSidewaysScroll(page, "the dialog at 390 px");
  await page.setViewportSize({ width: 1280, height: 800 });

  // A wrong password deletes nothing: the user is still signed in.
  await dialog.getByLabel("Your password").fill("not my password 1");
  await dialog.getByLabel("Your password").press("Enter");
  await expect(dialog.getByRole("alert")).toHaveText("That password is not right. Nothing was deleted.");
  const stillSignedIn = (await (await page.request.get("/api/auth/get-session")).json()) as { user?: { email: string } } | null;
  expect(stillSignedIn?.user?.email).toBe(user.email);

  await dialog.getByLabel("Your password").fill(user.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "Your account and everything in it were deleted." })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: user.email })).toHaveCount(0);
  await shot(page, "after-deletion", { fullPage: false });

  await signIn(page, user.email, user.password);
  await expect(page.getByRole("alert")).toHaveText("Wrong e-mail or password.");
});
