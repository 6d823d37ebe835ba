import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import { linkIn, uniqueEmail, waitForMail } from "./mailbox";

// Users made through the API, for every spec whose subject is not sign-up, verification or sign-in
// (those go through the pages: account-journey, auth-errors, google-sign-in). The same two steps as a
// person, without the pages: POST /api/auth/sign-up/email, then the e-mail's verification token at
// GET /api/auth/verify-email, which signs the user in (autoSignInAfterVerification). Both go through
// the page's own request context, so the session cookie lands in the browser context.

export interface TestUser {
  email: string;
  password: string;
}

/** A new user who signed up and has not opened the verification link (signed in by sign-up, unverified). */
export async function signUpThroughApi(page: Page, baseURL: string, prefix: string): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const password = `${prefix} password 1`;
  const response = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: new URL(baseURL).origin },
    data: { email, password, name: email.split("@")[0] },
  });
  expect(response.status(), await response.text()).toBe(200);
  return { email, password };
}

/**
 * A new user with a verified e-mail, signed in in `page`'s browser context (the page itself is not
 * navigated). `baseURL` is the app the page talks to; better-auth checks the Origin of the sign-up.
 */
export async function createVerifiedUser(page: Page, baseURL: string, prefix: string): Promise<TestUser> {
  const { email, password } = await signUpThroughApi(page, baseURL, prefix);
  const origin = new URL(baseURL).origin;
  const token = new URL(linkIn(await waitForMail(page.request, email, "Verify your e-mail"), "/verify-email")).searchParams.get("token");
  expect(token, "the verification link's token").toBeTruthy();
  const verify = await page.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token!)}`, { headers: { origin } });
  expect(verify.status(), await verify.text()).toBe(200);
  const session = (await (await page.request.get("/api/auth/get-session")).json()) as { user?: { email: string; emailVerified: boolean } } | null;
  expect(session?.user, "the verification signed the user in").toMatchObject({ email, emailVerified: true });
  return { email, password };
}

/** The spec's file name, as the prefix of its users' e-mail addresses (they show in the dev mailbox). */
function specPrefix(file: string): string {
  return path.basename(file).replace(/\.spec\.ts$/, "");
}

/**
 * `verifiedUser`: a new verified user, signed in in the test's `page` before the test starts. A test
 * that only needs to be signed in asks for it as `verifiedUser: _user`.
 */
export const test = base.extend<{ verifiedUser: TestUser }>({
  verifiedUser: async ({ page, baseURL }, use, testInfo) => {
    await use(await createVerifiedUser(page, baseURL!, specPrefix(testInfo.file)));
  },
});

export { expect };
