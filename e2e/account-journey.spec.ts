import { expect, test } from "@playwright/test";
import { linkIn, uniqueEmail, waitForMail } from "./support/mailbox";
import { analyzeStock, fillCredentials, signIn, signOut, signUp } from "./support/auth-steps";
import { shot } from "./support/screenshots";
import { msFromStatusToUrl, recordTimeline } from "./support/timeline";

test("a visitor signs up, verifies, signs out and in, resets the password and signs in with the new one", async ({
  page,
  request,
}) => {
  // Eight steps with the product's delays (3 s, 2 s, 1.5 s…) and two e-mails: more than the default 60 s on a busy machine.
  test.setTimeout(120_000);
  const email = uniqueEmail("journey");
  await recordTimeline(page);

  // Sign up: the product's two success lines, then /#buy-list after 3 s.
  await signUp(page, email, "first password 1");
  const signUpStatus = page.getByRole("status").filter({ hasText: "Sign up successful!" });
  await expect(signUpStatus).toBeVisible();
  await expect(signUpStatus).toContainText("Please check your email to verify your account.");
  const signUpDelay = await msFromStatusToUrl(page, "Sign up successful!", /\/#buy-list$/);
  expect(signUpDelay).toBeGreaterThan(2_500);
  expect(signUpDelay).toBeLessThan(4_500);
  await expect(page.getByRole("tab", { name: "Stocks to buy" })).toHaveAttribute("aria-selected", "true");

  // Sign-up signed the user in, unverified: the header shows the account, Analyze asks for the e-mail first.
  await expect(page.getByRole("banner").getByRole("button", { name: email })).toBeVisible();
  await page.goto("/stocks");
  await analyzeStock(page, "NWSC");
  await expect(page.getByTestId("analysis-error")).toHaveText("Please verify your email first! Check your inbox for the verification link.");
  const verifyModal = page.getByRole("dialog", { name: "Email Verification Required" });
  await expect(verifyModal).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Unlock Quanta AI" })).toHaveCount(0);
  await shot(page, "after-sign-up-unverified", { phone: false });
  await verifyModal.getByRole("button", { name: "Close" }).first().click();

  // The verification e-mail arrives in the outbox; its link signs the user in.
  const verification = await waitForMail(request, email, "Verify your e-mail");
  await page.goto(linkIn(verification, "/verify-email"));
  await expect(page.getByRole("status")).toContainText("Your e-mail is verified");
  await expect(page.getByRole("banner").getByRole("button", { name: email })).toBeVisible();
  // The verified page moves on to /stocks by itself; sign out once it has.
  await page.waitForURL(/\/stocks$/);

  await signOut(page, email);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();

  // Sign in: success text, then /stocks after 1.5 s.
  await fillCredentials(page, email, "first password 1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Your sign in was successful!");
  const signInDelay = await msFromStatusToUrl(page, "Your sign in was successful!", /\/stocks$/);
  expect(signInDelay).toBeGreaterThan(1_000);
  expect(signInDelay).toBeLessThan(3_000);
  await signOut(page, email);

  // Forgotten password: from the sign-in page's link, the product's message, back to /signin after 2 s.
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/forgetpassword$/);
  // The URL changes before the page's chunk has arrived, and until it has the sign-in page, with its
  // own Email field, stays on screen: wait for the reset page before typing.
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Email Reset Instructions" }).click();
  await expect(page.getByRole("status")).toHaveText("Password reset email sent! Check your inbox.");
  const resetDelay = await msFromStatusToUrl(page, "Password reset email sent!", /\/signin$/);
  expect(resetDelay).toBeGreaterThan(1_500);
  expect(resetDelay).toBeLessThan(3_500);

  const resetMail = await waitForMail(request, email, "Reset your");
  await page.goto(linkIn(resetMail, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill("second password 2");
  await page.getByLabel("Confirm new password", { exact: true }).fill("second password 2");
  await page.getByRole("button", { name: /reset password|change password|save/i }).click();
  await expect(page.getByRole("status")).toContainText("Your password has been reset");
  await page.waitForURL(/\/signin$/);

  // The old password no longer works; the new one does.
  await signIn(page, email, "first password 1");
  await expect(page.getByRole("alert")).toContainText("Wrong e-mail or password.");
  await signIn(page, email, "second password 2");
  await expect(page.getByRole("status")).toHaveText("Your sign in was successful!");
  await page.waitForURL(/\/stocks$/);
  await expect(page.getByRole("banner").getByRole("button", { name: email })).toBeVisible();
});
