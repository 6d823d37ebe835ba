import { expect, type Page } from "@playwright/test";

export async function fillCredentials(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
}

export async function signUp(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signup");
  await fillCredentials(page, email, password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/signin");
  await fillCredentials(page, email, password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

export async function signOut(page: Page, email: string): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: email }).click();
  await page.getByRole("menuitem", { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/signin$/);
}

/** Measures how long after `since` the URL starts to match, to check the spec's redirect delays. */
export async function msUntilUrl(page: Page, pattern: RegExp, since: number): Promise<number> {
  await page.waitForURL(pattern, { timeout: 10_000 });
  return Date.now() - since;
}
