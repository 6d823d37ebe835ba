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
  const trigger = page.getByRole("banner").getByRole("button", { name: email });
  const item = page.getByRole("menuitem", { name: /sign out/i });
  // Right after a client-side navigation the header may still be re-rendering (the session is read
  // again, the menu's chunk arrives): a press then can open nothing. Press again until the menu shows.
  // A menu opened just before a delayed redirect (verification → /stocks) closes with it: open it again.
  await expect(async () => {
    if (!(await item.isVisible())) await trigger.click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/signin$/);
}

/** Types a ticker or company name on the analyze page and submits it. */
export async function analyzeStock(page: Page, input: string): Promise<void> {
  await page.getByLabel("Enter Stock Ticker or Company Name").fill(input);
  await page.getByRole("button", { name: "Analyze Stock" }).click();
}
