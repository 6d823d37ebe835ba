import { describe, expect, it } from "vitest";
import {
  PASSWORD_CONTAINS_EMAIL_MESSAGE,
  PASSWORD_IS_NAME_MESSAGE,
  PASSWORD_TOO_COMMON_MESSAGE,
  commonPasswordCount,
  passwordProblem,
} from "./password-policy";

const owner = { email: "Ada.Lovelace@Example.com", name: "Ada Lovelace" };
const code = (password: string, who: { email: string; name?: string } = owner) => passwordProblem(password, who)?.code;

describe("passwordProblem", () => {
  it("uses the whole ranked common-password list of @zxcvbn-ts/language-common", () => {
    expect(commonPasswordCount()).toBe(49_233);
  });

  it.each(["password1", "qwertyuiop", "12345678", "iloveyou", "trustno1", "1q2w3e4r", "baseball"])(
    "refuses the common password %s",
    (password) => {
      expect(passwordProblem(password, owner)).toEqual({
        code: "password_too_common",
        message: PASSWORD_TOO_COMMON_MESSAGE,
      });
    },
  );

  it("compares common passwords trimmed and ignoring case", () => {
    expect(code("  PassWord1 ")).toBe("password_too_common");
    expect(code("QWERTYUIOP")).toBe("password_too_common");
  });

  it.each(["correct horse 42", "another pass 1", "old password 1", "research password 1", "Zq7#lm!w0rT"])(
    "accepts %s",
    (password) => {
      expect(passwordProblem(password, owner)).toBeNull();
    },
  );

  it("refuses the e-mail, its local part, and passwords containing either", () => {
    const expected = { code: "password_contains_email", message: PASSWORD_CONTAINS_EMAIL_MESSAGE };
    expect(passwordProblem("ada.lovelace@example.com", owner)).toEqual(expected);
    expect(passwordProblem(" ADA.LOVELACE@EXAMPLE.COM ", owner)).toEqual(expected);
    expect(passwordProblem("Ada.Lovelace", owner)).toEqual(expected);
    expect(passwordProblem("my ada.lovelace 2024", owner)).toEqual(expected);
    expect(passwordProblem("xx ada.lovelace@example.com xx", owner)).toEqual(expected);
  });

  it("counts a contained local part only from 4 characters on", () => {
    expect(code("bobby-tables-99", { email: "bobby@example.com" })).toBe("password_contains_email");
    expect(code("bob likes tables", { email: "bob@example.com" })).toBeUndefined();
    expect(code("bob", { email: "bob@example.com" })).toBe("password_contains_email");
    expect(code("xx bob@example.com", { email: "bob@example.com" })).toBe("password_contains_email");
  });

  it("also counts a +tag local part without its tag", () => {
    expect(code("grace-hopper 1906", { email: "grace+quanta@example.com" })).toBe("password_contains_email");
    expect(code("grace+quanta", { email: "grace+quanta@example.com" })).toBe("password_contains_email");
  });

  it("refuses the user's name of 4 or more characters, ignoring case and spaces", () => {
    const who = { email: "x9@example.com", name: "Grace Hopper" };
    expect(passwordProblem("gracehopper", who)).toEqual({ code: "password_is_name", message: PASSWORD_IS_NAME_MESSAGE });
    expect(code("Grace Hopper", who)).toBe("password_is_name");
    expect(code("grace hopper 1906", who)).toBeUndefined();
    expect(code("Zq7#lm!w0rT", { email: "x9@example.com", name: "Al" })).toBeUndefined();
  });

  it("checks only the list when no e-mail is known", () => {
    expect(code("password1", { email: "" })).toBe("password_too_common");
    expect(code("anything at all", { email: "" })).toBeUndefined();
  });

  it("answers quickly once the list is loaded", () => {
    passwordProblem("warm up", owner);
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) passwordProblem(`candidate ${i}`, owner);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
