import { linkIn, uniqueEmail, waitForMail } from "./support/mailbox";
import { fillCredentials, signIn, signUp } from "./support/auth-steps";
import { expect, test } from "./support/fixtures";

// The existing account of these tests comes from the API fixture (signed out again here): what is
// tested is the sign-in or sign-up that follows, through the pages.

test("a wrong password shows a clear message in red and does not sign in", async ({ page, verifiedUser }) => {
  const { email } = verifiedUser;
  await page.context().clearCookies();
  await signIn(page, email, "wrong password 1");
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Wrong e-mail or password.");
  await expect(alert).toHaveCSS("color", /rgb\((1[5-9]\d|2\d\d), \d{1,2}, \d{1,2}\)/);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
});

test("an unknown e-mail gets the same message as a wrong password", async ({ page }) => {
  await signIn(page, uniqueEmail("nobody"), "some password 1");
  await expect(page.getByRole("alert")).toHaveText("Wrong e-mail or password.");
});

test("an invalid e-mail is refused before anything is sent", async ({ page }) => {
  let authCalls = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/auth/sign-in")) authCalls += 1;
  });
  await page.goto("/signin");
  await fillCredentials(page, "not-an-email", "some password 1");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
  expect(authCalls).toBe(0);
});

test("a 73-character password is refused with the 72-character rule", async ({ page }) => {
  await page.goto("/signup");
  await fillCredentials(page, uniqueEmail("long"), "a".repeat(73));
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.getByText("Password must be at most 72 characters.")).toBeVisible();
  await expect(page.getByRole("status")).toHaveCount(0);
});

test("a duplicate sign-up reads like any sign-up, and the owner is told by e-mail that the address is in use", async ({
  page,
  request,
  verifiedUser,
}) => {
  const { email } = verifiedUser;
  await page.context().clearCookies();
  await signUp(page, email, "another password 2");
  await expect(page.getByRole("status")).toContainText("Sign up successful!");
  await expect(page.getByRole("status")).toContainText("Please check your email to verify your account.");
  // Only a new account is signed in by sign-up: this visitor stays signed out (decision 050).
  await expect(page).toHaveURL(/\/#buy-list$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  const notice = await waitForMail(request, email, "already in use");
  expect(notice.text).toContain("already in use by your account");
  expect(linkIn(notice, "/forgetpassword")).toContain("/forgetpassword");
});

test("a common password is refused on sign-up with a clear message under the password field", async ({ page }) => {
  await signUp(page, uniqueEmail("common"), "password1");
  const password = page.getByLabel("Password", { exact: true });
  await expect(page.getByRole("alert")).toHaveText("This password is too common. Please choose a less common one.");
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("status")).toHaveCount(0);
  await expect(page).toHaveURL(/\/signup$/);
});
