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

  it.each([
    ["aaaaaaaa", "This password is too easy to guess. Repeated characters like 'aaa' are easy to guess. Please avoid repeated words and characters."],
    ["abcdefgh", "This password is too easy to guess. Sequences like 'abc' or '6543' are easy to guess. Please avoid common sequences."],
    ["Password123!", "This password is too easy to guess. It is too similar to a commonly used password. A capital first letter does not help much: please add another word."],
    ["asdfghjkl;", "This password is too easy to guess. Rows of keys on a keyboard are easy to guess. Please use a few uncommon words instead of a keyboard pattern."],
    ["09/11/1987", "This password is too easy to guess. Dates are easy to guess. Please avoid dates and years connected with you."],
    ["password 123", "This password is too easy to guess. It is too similar to a commonly used password. Please add another word or two."],
  ])("refuses %s as too weak (zxcvbn score under 3), saying why", (password, message) => {
    expect(passwordProblem(password, owner)).toEqual({ code: "password_too_weak", message });
  });

  it("counts the user's e-mail and name as words an attacker knows", () => {
    const who = { email: "quentin.tarantula@example.com", name: "Quentin Tarantula" };
    expect(code("tarantula-1987", { email: "x9@example.com" })).toBeUndefined();
    expect(passwordProblem("tarantula-1987", who)).toEqual({
      code: "password_too_weak",
      message: "This password is too easy to guess. It should not be built on your e-mail address or name. Please add another word or two.",
    });
  });

  it("keeps the earlier rules' messages first: a common password is 'too common', not 'too weak'", () => {
    expect(code("password1")).toBe("password_too_common");
    expect(code("ada.lovelace")).toBe("password_contains_email");
  });

  it("checks the strength of a password once the checker is built (typical passwords, every score)", () => {
    for (let i = 0; i < 200; i++) passwordProblem(`candidate ${i} horse`, owner);
    expect(code("crash Safety zebra 9417 quartz")).toBeUndefined();
  });
});
