import { describe, expect, it } from "vitest";
import { PASSWORD_TOO_LONG_MESSAGE, credentialsSchema, nameFromEmail, resetPasswordSchema } from "./auth-schemas";

describe("credentialsSchema", () => {
  it("accepts 72 characters and rejects 73 with the product's message", () => {
    expect(credentialsSchema.safeParse({ email: "a@b.co", password: "x".repeat(72) }).success).toBe(true);
    const result = credentialsSchema.safeParse({ email: "a@b.co", password: "x".repeat(73) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(PASSWORD_TOO_LONG_MESSAGE);
    expect(PASSWORD_TOO_LONG_MESSAGE).toBe("Password must be at most 72 characters.");
  });

  it("requires a valid e-mail and a password", () => {
    const result = credentialsSchema.safeParse({ email: "not-an-email", password: "" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter a valid e-mail address.",
      "Please enter your password.",
    ]);
  });

  it("trims the e-mail", () => {
    expect(credentialsSchema.parse({ email: "  ada@example.com ", password: "pw" }).email).toBe("ada@example.com");
  });
});

describe("resetPasswordSchema", () => {
  it("requires matching passwords", () => {
    const result = resetPasswordSchema.safeParse({ newPassword: "abcdefgh", confirmPassword: "abcdefgx" });
    expect(result.error?.issues[0]?.path).toEqual(["confirmPassword"]);
  });
});

describe("nameFromEmail", () => {
  it("takes the part before the @", () => {
    expect(nameFromEmail("ada.lovelace@example.com")).toBe("ada.lovelace");
  });
});
